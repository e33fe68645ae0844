// The certificate pages' words (issue 36.5).
export const certificateTexts = {
  title: 'Verificação de certificado',
  valid: 'Certificado válido',
  revoked: 'Certificado revogado',
  revokedNote: 'Este certificado foi revogado pela organização e não vale mais.',
  code: 'Código',
  name: 'Participante',
  event: 'Evento',
  date: 'Data',
  hours: 'Carga horária',
  organizer: 'Organização',
  another: 'Verificar outro código',
  lookupHeading: 'Verificar um certificado',
  lookupHint: 'Digite o código impresso no certificado, como ABCD-1234-EFGH-5678.',
  field: 'Código do certificado',
  invalid: 'Código inválido: confira os 16 caracteres impressos no certificado.',
  submit: 'Verificar',
} as const;
