// The certificates' errors (issue 36): part of the API's one table (api-error.ts), which spreads
// them in; kept apart to keep that file to its size.

export const certificateErrors = {
  /** No certificate to download: none was issued for this registration, or it was revoked. */
  certificateNotFound: {
    code: 'certificate_not_found',
    status: 404,
    message: 'Nenhum certificado emitido para esta inscrição.',
  },
  /** 'Emitir certificados agora', or one by hand, while the event issues none (issue 36.4). */
  certificatesOff: {
    code: 'certificates_off',
    status: 409,
    message: 'Os certificados estão desativados. Ative-os em Evento → Certificado para emitir.',
  },
  /** One by hand to someone who already has one (revoke it first to issue another). */
  certificateExists: {
    code: 'certificate_exists',
    status: 409,
    message: 'Esta inscrição já tem um certificado válido.',
  },
  certificateNotConfirmed: {
    code: 'not_confirmed',
    status: 409,
    message: 'Só uma inscrição confirmada pode receber certificado.',
  },
  /** POST /api/admin/event/certificate/signature with anything but a PNG (issue 36.1). */
  signatureNotPng: {
    code: 'unsupported_media_type',
    status: 415,
    message: 'Envie a assinatura como imagem PNG.',
  },
  signatureTooLarge: {
    code: 'body_too_large',
    status: 413,
    message: 'A imagem da assinatura deve ter no máximo 500 KB.',
  },
} as const;
