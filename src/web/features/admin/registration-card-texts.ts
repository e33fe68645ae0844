// The texts of one registration's card, of what its actions answer, and of the deletion dialog.

/** One registration's card. The organizer's decision is its status; the visitor's answers are fields. */
export const registrationCardTexts = {
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  company: 'Empresa',
  bringsSomeone: 'Levar alguém',
  /** The visitor's answer to the spec's "confirmação" question. */
  attendanceAnswer: 'Confirmação',
  registeredAt: 'Inscrição em',
  notAnswered: 'Não respondeu',
  confirm: 'Confirmar',
  confirming: 'Confirmando...',
  sendTicket: 'Enviar Ingresso',
  delete: 'Excluir',
  /** The wa.me button opens WhatsApp with the message; whether it was sent, no one knows. */
  ticketSentAt: (dateTime: string) => `Ingresso aberto no WhatsApp em ${dateTime}`,
  checkIn: 'Entrada',
  notCheckedIn: 'Ainda não entrou',
  checkedInAt: (dateTime: string, by: string | null) =>
    by ? `Entrou em ${dateTime} (${by})` : `Entrou em ${dateTime}`,
  /** Seats and the waiting list (decision 0130). */
  waitlistPosition: 'Posição na lista de espera',
  promoted: 'Saiu da lista de espera: vaga liberada',
  /** The person answered a reminder 'Vou comparecer' (issue 35.2). */
  rsvpYes: 'Confirmou presença',
  cancel: 'Cancelar inscrição',
  cancelAsk: (name: string) =>
    `Cancelar a inscrição de ${name}? O ingresso deixa de valer e a vaga vai para a lista de espera.`,
  cancelYes: 'Sim, cancelar',
  cancelNo: 'Voltar',
  cancelling: 'Cancelando...',
  restore: 'Restaurar inscrição',
  restoring: 'Restaurando...',
  /** The door's own words (door-texts.ts), for a person let in by mistake. */
  undoEntry: 'Desfazer entrada',
  undoingEntry: 'Desfazendo...',
} as const;

/** What each action on a card says when it is done, or fails. */
export const registrationActionsTexts = {
  confirmed: 'Participante confirmado!',
  confirmedDescription: 'Status atualizado com sucesso.',
  confirmFailed: 'Não foi possível confirmar o participante.',
  ticketSent: 'Ingresso enviado!',
  ticketSentDescription: (name: string) => `Mensagem enviada para ${name}`,
  ticketRecordFailed: 'Não foi possível registrar o envio do ingresso.',
  deleted: 'Inscrição excluída.',
  deleteFailed: 'Não foi possível excluir a inscrição.',
  cancelled: 'Inscrição cancelada.',
  cancelledDescription: 'A vaga foi para a lista de espera, se havia alguém nela.',
  cancelFailed: 'Não foi possível cancelar a inscrição.',
  restored: 'Inscrição restaurada e confirmada.',
  restoreFailed: 'Não foi possível restaurar a inscrição.',
  entryUndone: 'Entrada desfeita.',
  undoEntryFailed: 'Não foi possível desfazer a entrada.',
} as const;

export const deleteDialogTexts = {
  title: 'Excluir inscrição?',
  description: (name: string) =>
    `A inscrição de ${name} será apagada para sempre. Esta ação não pode ser desfeita.`,
  cancel: 'Cancelar',
  delete: 'Excluir',
  deleting: 'Excluindo...',
  /** Asked when a certificate was issued to the person (issue 36.7). */
  keepCertificate: 'Manter o certificado de participação verificável',
  keepCertificateHelp: (years: number) =>
    `Por ${years} anos depois de emitido, o código continua confirmando o certificado: ficam só o nome, o evento, a data e a carga horária. Desmarcado, o certificado é apagado com a inscrição.`,
} as const;
