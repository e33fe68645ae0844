// The texts of 'Avisar inscritos' (issue 35.4): the form, its preview, the confirmation and the
// list of announcements sent.
import { counted, plural } from '@shared/plural.ts';

const pessoas = { one: 'pessoa', other: 'pessoas' };

export const announcementsTexts = {
  heading: 'Avisar inscritos',
  intro:
    'Escreva um aviso e escolha quem recebe: ele sai por e-mail e, se configurado, pelo WhatsApp, para cada pessoa com o nome dela.',
  subject: 'Assunto',
  text: 'Texto',
  placeholdersHint: 'Marcadores, trocados para cada pessoa:',
  audience: 'Quem recebe',
  audienceCount: (count: number) => counted(count, pessoas),
  afterEventOnly: 'depois do início do evento',
  channels: 'Canais',
  channelNames: { email: 'E-mail', whatsapp: 'WhatsApp' },
  noChannel:
    'Nenhum canal de envio está configurado no servidor: o aviso precisa de e-mail (SMTP) ou do modelo de WhatsApp para avisos.',
  whatsappOff: 'WhatsApp: configure WHATSAPP_TEMPLATE_NOTICE no servidor para enviar avisos.',
  preview: 'Prévia',
  previewIntro: (name: string) => `Como ${name} vai ler (uma pessoa de exemplo):`,
  previewEmpty: 'Escreva o assunto e o texto para ver a prévia.',
  sendTest: 'Enviar teste',
  sendingTest: 'Enviando teste...',
  testHint: (address: string) => `O teste vai para ${address}, o e-mail da sua conta.`,
  testSent: (address: string) => `Teste enviado para ${address}.`,
  testFailed: (reason: string) => `O teste não foi enviado: ${reason}`,
  send: 'Enviar',
  sending: 'Enviando...',
  confirmTitle: 'Enviar aviso?',
  confirmDescription: (count: number, audience: string) =>
    `O aviso vai para ${counted(count, pessoas)} (${audience}). Depois de enviado, não pode ser desfeito.`,
  confirm: (count: number) => `Enviar para ${counted(count, pessoas)}`,
  cancel: 'Cancelar',
  nobody: 'Ninguém neste grupo: escolha outro.',
  queued: (count: number) =>
    `Aviso enviado para a fila: ${counted(count, pessoas)} ${plural(count, { one: 'vai', other: 'vão' })} receber.`,
  failed: 'Não foi possível enviar o aviso.',
  loadFailed: 'Não foi possível carregar os avisos.',
  loading: 'Carregando...',
  sentHeading: 'Avisos enviados',
  sentEmpty: 'Nenhum aviso enviado nesta edição.',
  sentAt: (when: string, by: string | null) => (by ? `${when} · ${by}` : when),
  sentTo: (count: number, audience: string) => `${counted(count, pessoas)} · ${audience}`,
} as const;
