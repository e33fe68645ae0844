// The 'Certificado' section's own texts (issue 36.1); the settings' messages are the shared ones
// (src/shared/certificate-settings.schema.ts), which the API speaks too.
export const certificateTexts = {
  legend: 'Certificado',
  intro:
    'Um certificado de participação em PDF para cada pessoa que entrou no evento, com um código que qualquer um pode conferir.',
  enabled: 'Emitir certificados de participação',
  enabledHelp: 'Desmarcado, ninguém recebe certificado.',
  hours: 'Carga horária (horas)',
  /** Under the hours: what an empty field prints. */
  hoursHelp: (shown: string) =>
    `De meia em meia hora, como 7,5. Vazio: a duração do evento arredondada à meia hora (hoje, ${shown}).`,
  text: 'Texto',
  textLength: (length: number, max: number) => `${length} de ${max} caracteres.`,
  placeholdersIntro: 'Os marcadores entre chaves são trocados no certificado de cada pessoa:',
  placeholders: {
    nome: 'o nome de quem participou',
    evento: 'o nome do evento',
    data: 'a data do evento, como 6 de dezembro de 2025',
    local: 'o local e a cidade',
    carga_horaria: 'a carga horária, como 8 horas',
  },
  signersLegend: 'Assinaturas',
  signersHelp: 'Uma ou duas pessoas assinam o certificado: nome e cargo.',
  signer: (position: number) => `Assinatura ${position}`,
  signerName: 'Nome',
  signerRole: 'Cargo',
  signatureImage: 'Imagem da assinatura',
  signatureImageHelp:
    'Opcional: um arquivo PNG de até 500 KB, de preferência com fundo branco ou transparente. Aparece acima da linha de quem assina.',
  signatureSending: 'Enviando a imagem…',
  signatureFailed: 'Não foi possível enviar a imagem. Tente de novo.',
  signatureTooLarge: 'A imagem da assinatura deve ter no máximo 500 KB.',
  signatureAlt: (position: number) => `Imagem da assinatura ${position}`,
  signatureRemove: 'Remover imagem',
  addSigner: 'Adicionar segunda assinatura',
  removeSigner: 'Remover segunda assinatura',
  preview: 'Prévia do certificado',
  previewHelp:
    'Como o PDF sairá para uma pessoa de exemplo, com o que está digitado. O código e o QR de verificação são de cada certificado.',
  /** The example person the preview is made out to. */
  previewName: 'Conceição Araújo',
} as const;
