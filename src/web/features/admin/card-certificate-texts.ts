// The certificate's state and buttons on a registration's card (issue 36.2, 36.4, 36.6).
export const cardCertificateTexts = {
  issued: (dateTime: string) => `Certificado emitido em ${dateTime}`,
  revoked: (dateTime: string) => `Certificado revogado em ${dateTime}`,
  download: 'Baixar certificado',
  issue: 'Emitir certificado',
  issuing: 'Emitindo…',
  issuedToast: 'Certificado emitido',
  issuedToastDescription: 'A pessoa recebe o certificado pelos canais ativos.',
  issueFailed: 'Não foi possível emitir o certificado',
  revoke: 'Revogar certificado',
  revoking: 'Revogando…',
  keep: 'Manter certificado',
  /** Asked in the card before it revokes. */
  revokeAsk: (name: string) =>
    `Revogar o certificado de ${name}? O código deixa de valer: quem o conferir verá 'Certificado revogado'.`,
  /** Asked after 'Desfazer entrada' when a certificate was already issued (issue 36.4). */
  revokeAfterUndo: (name: string) =>
    `A entrada foi desfeita, mas o certificado de ${name} já foi emitido. Revogar o certificado?`,
  revokedToast: 'Certificado revogado',
  revokeFailed: 'Não foi possível revogar o certificado',
} as const;
