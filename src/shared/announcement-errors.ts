// The API's errors of 'Avisar inscritos' (issue 35.4, decision 0269), part of the one error table
// (api-error.ts spreads them in): each with its code, status and pt-BR message.
export const announcementErrors = {
  /** No channel an announcement can go by. */
  announcementChannelOff: {
    code: 'channel_off',
    status: 409,
    message:
      'Nenhum canal de envio está configurado no servidor: o aviso precisa de SMTP_URL e MAIL_FROM (e-mail) ou de WHATSAPP_TEMPLATE_NOTICE (WhatsApp).',
  },
  /** 'Enviar teste' goes by e-mail, and there is no SMTP. */
  announcementTestOff: {
    code: 'channel_off',
    status: 409,
    message:
      'O teste vai por e-mail, e o e-mail não está configurado no servidor (SMTP_URL e MAIL_FROM).',
  },
  /** WhatsApp chosen for an announcement, without its template. */
  noticeNotOnWhatsapp: {
    code: 'not_on_channel',
    status: 409,
    message:
      'O aviso só vai pelo WhatsApp com o modelo WHATSAPP_TEMPLATE_NOTICE configurado no servidor: envie só por e-mail.',
  },
} as const;
