// The certificate's state on a registration's card (issue 36.6).
export const cardCertificateTexts = {
  issued: (dateTime: string) => `Certificado emitido em ${dateTime}`,
  revoked: (dateTime: string) => `Certificado revogado em ${dateTime}`,
  download: 'Baixar certificado',
} as const;
