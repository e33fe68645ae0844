// Every text of the admin side, grouped by the part of the screen that shows it. Toasts and
// panel texts quote the spec's catalogue exactly.
import type { MessageChannel, MessageKind, MessageStatus } from '@shared/message.schema.ts';
import { counted, plural } from '@shared/plural.ts';
import type { BulkConfirmAnswer } from './admin-api.ts';
import type { ListView } from './registration-views.ts';
import type { RegistrationCounts } from './registrations-list.ts';

const inscricoes = { one: 'inscrição', other: 'inscrições' };
const number = new Intl.NumberFormat('pt-BR');

/** What waits for a retry, by channel. */
const retryingNouns = {
  email: { one: 'e-mail', other: 'e-mails' },
  whatsapp: { one: 'mensagem de WhatsApp', other: 'mensagens de WhatsApp' },
} satisfies Record<MessageChannel, { one: string; other: string }>;

const channelNames = { email: 'E-mail', whatsapp: 'WhatsApp' } satisfies Record<
  MessageChannel,
  string
>;
const kindNames = {
  received: 'Inscrição recebida',
  ticket: 'Ingresso',
  cancelled: 'Cancelamento',
} satisfies Record<MessageKind, string>;

export const adminTexts = {
  title: 'Painel Administrativo',

  /** The panel's screens, in the bar above its title. */
  nav: {
    label: 'Seções do painel',
    registrations: 'Inscrições',
    results: 'Resultados',
    event: 'Evento',
    editions: 'Edições',
  },

  /** The 'Resultados' screens' frame; the figures' texts are in results/results-texts.ts. */
  results: {
    heading: 'Resultados',
    /** Under the title: what it shows, and on which clocks. */
    intro: (timeZone: string) =>
      `Quem compareceu, quem não veio e quem cancelou, as chegadas na portaria e as inscrições ao longo do tempo. Horários no fuso do evento (${timeZone}).`,
    /** A past edition's results: back to its list. */
    backToEdition: 'Voltar às inscrições da edição',
    empty: 'Nenhuma inscrição nesta edição ainda: os resultados aparecem aqui.',
    loading: 'Carregando inscrições...',
    loadFailed: 'Não foi possível carregar as inscrições.',
    retry: 'Tentar novamente',
    /** While the figures' own chunk loads (results/lazy-results-view.tsx). */
    chartsLoading: 'Carregando gráficos...',
    chartsFailed: 'Não foi possível carregar os gráficos.',
  },

  /** The header: counts, the connection, and the two buttons. */
  header: {
    exportCsv: 'Exportar CSV',
    logout: 'Sair',
    live: 'Ao vivo',
    reconnecting: 'Reconectando...',
    /** When the retention job erases the data (src/shared/retention.ts). */
    erasure: (date: string, days: number) =>
      `Dados apagados em ${date}, ${days} dias após o evento; inscrições feitas depois, ${days} dias após a inscrição.`,
    /** '3 inscrições · 1 confirmada · 2 pendentes · 1 ingresso enviado' */
    counts: (counts: RegistrationCounts) =>
      [
        counted(counts.total, inscricoes),
        counts.capacity === null
          ? counted(counts.confirmed, { one: 'confirmada', other: 'confirmadas' })
          : `${number.format(counts.confirmed)}/${number.format(counts.capacity)} ${plural(counts.capacity, { one: 'vaga ocupada', other: 'vagas ocupadas' })}`,
        counted(counts.pending, { one: 'pendente', other: 'pendentes' }),
        ...(counts.waitlisted > 0 || counts.capacity !== null
          ? [`${number.format(counts.waitlisted)} na lista de espera`]
          : []),
        ...(counts.cancelled > 0
          ? [counted(counts.cancelled, { one: 'cancelada', other: 'canceladas' })]
          : []),
        counted(counts.ticketsSent, { one: 'ingresso enviado', other: 'ingressos enviados' }),
        ...(counts.ticketsOpened > 0
          ? [
              `${counted(counts.ticketsOpened, { one: 'ingresso aberto', other: 'ingressos abertos' })} no WhatsApp`,
            ]
          : []),
        counted(counts.checkedIn, { one: 'entrou', other: 'entraram' }),
      ].join(' · '),
  },

  /** The list as a whole. */
  list: {
    loading: 'Carregando inscrições...',
    empty: 'Nenhuma inscrição encontrada ainda.',
    retry: 'Tentar novamente',
    loadFailed: 'Não foi possível carregar as inscrições.',
    /** The list's accessible name: '3 inscrições'. */
    label: (count: number) => counted(count, inscricoes),
  },

  /** One registration's card. The organizer's decision is its status; the visitor's answers are fields. */
  card: {
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
    cancel: 'Cancelar inscrição',
    cancelAsk: (name: string) =>
      `Cancelar a inscrição de ${name}? O ingresso deixa de valer e a vaga vai para a lista de espera.`,
    cancelYes: 'Sim, cancelar',
    cancelNo: 'Voltar',
    cancelling: 'Cancelando...',
    restore: 'Restaurar inscrição',
    restoring: 'Restaurando...',
  },

  /** What each action on a card says when it is done, or fails. */
  actions: {
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
  },

  deleteDialog: {
    title: 'Excluir inscrição?',
    description: (name: string) =>
      `A inscrição de ${name} será apagada para sempre. Esta ação não pode ser desfeita.`,
    cancel: 'Cancelar',
    delete: 'Excluir',
    deleting: 'Excluindo...',
  },

  csv: {
    noData: 'Nenhum dado',
    noDataDescription: 'Não há inscrições para exportar.',
    exported: 'CSV exportado!',
    /** '3 inscrições exportadas.' */
    exportedDescription: (count: number) =>
      `${counted(count, inscricoes)} ${plural(count, { one: 'exportada', other: 'exportadas' })}.`,
  },

  search: {
    label: 'Buscar',
    placeholder: 'Nome, e-mail, telefone ou empresa',
    clear: 'Limpar busca',
    found: (count: number) =>
      `${counted(count, inscricoes)} ${plural(count, { one: 'encontrada', other: 'encontradas' })}`,
    noMatch: (term: string) => `Nenhuma inscrição encontrada para "${term}".`,
  },

  /** The messages that leave by themselves (e-mail, WhatsApp Business): on cards, in the history. */
  messages: {
    /** The card's list of channels, for screen readers. */
    label: 'Envio automático',
    channels: channelNames,
    kinds: kindNames,
    statuses: {
      queued: 'Na fila',
      sending: 'Na fila',
      sent: 'Enviado',
      delivered: 'Entregue',
      read: 'Lido',
      failed: 'Falhou',
    } satisfies Record<MessageStatus, string>,
    /** 'Falhou: O servidor de e-mail recusou a mensagem (550): confira o endereço.' */
    failed: (reason: string) => `Falhou: ${reason}`,
    resend: 'Reenviar',
    resending: 'Reenviando...',
    resent: 'Nova cópia na fila de envio.',
    resendFailed: 'Não foi possível reenviar a mensagem.',
    /** The history's list of messages. */
    historyHeading: 'Mensagens',
    historyLoading: 'Carregando mensagens...',
    historyFailed: 'Não foi possível carregar as mensagens.',
    /** 'criada em 21/11/2025, 14:03; atualizada em 21/11/2025, 14:04; 2 tentativas' (one is usual). */
    historyTimes: (createdAt: string, updatedAt: string, attempts: number) =>
      [
        `criada em ${createdAt}`,
        ...(updatedAt !== createdAt ? [`atualizada em ${updatedAt}`] : []),
        ...(attempts > 0 ? [counted(attempts, { one: 'tentativa', other: 'tentativas' })] : []),
      ].join('; '),
    /** A message waiting for another try: why the last one did not go. */
    lastAttempt: (reason: string) => `(última tentativa: ${reason})`,
    /** Nothing configured: the panel works as before; one line says how to turn sending on. */
    off: 'Envio automático desligado: defina SMTP_URL e MAIL_FROM (e-mail) e WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID e WHATSAPP_TEMPLATE (WhatsApp) no servidor. Veja o README.',
    /** The provider refused our credentials: sending waits for the operator. */
    paused: {
      email: (message: string) => `Envio de e-mail pausado: ${message}`,
      whatsapp: (message: string) => `Envio pelo WhatsApp pausado: ${message}`,
    } satisfies Record<MessageChannel, (message: string) => string>,
    /** '2 e-mails esperam nova tentativa: Não foi possível falar com o servidor de e-mail.' */
    retrying: (channel: MessageChannel, count: number, reason: string) =>
      `${counted(count, retryingNouns[channel])} ${plural(count, { one: 'espera', other: 'esperam' })} nova tentativa: ${reason}`,
  },

  /** Which registrations the list shows, combined with the search. */
  views: {
    legend: 'Mostrar',
    names: {
      all: 'Todas',
      pending: 'Pendentes',
      confirmed: 'Confirmadas',
      waitlisted: 'Lista de espera',
      cancelled: 'Canceladas',
      undelivered: 'Ingresso não entregue',
      failed: 'Com falha',
    } satisfies Record<ListView, string>,
    /** 'Pendentes (12)' */
    option: (name: string, count: number) => `${name} (${number.format(count)})`,
    empty: 'Nenhuma inscrição neste filtro.',
  },

  /** Several registrations at once. */
  bulk: {
    select: 'Selecionar',
    selectPending: 'Selecionar todos os pendentes',
    selectFailed: 'Selecionar todos com falha',
    clear: 'Limpar seleção',
    /** The bar's name for screen readers. */
    label: 'Ações em lote',
    selected: (count: number) =>
      `${counted(count, inscricoes)} ${plural(count, { one: 'selecionada', other: 'selecionadas' })}`,
    confirm: (count: number) => `Confirmar selecionados (${number.format(count)})`,
    confirming: 'Confirmando...',
    /** '3 inscrições confirmadas' */
    confirmed: (result: BulkConfirmAnswer) =>
      `${counted(result.confirmed, inscricoes)} ${plural(result.confirmed, {
        one: 'confirmada',
        other: 'confirmadas',
      })}`,
    /**
     * '1 já estava confirmada; 2 não existem mais; 1 é de uma edição passada.' or '' when every
     * one was confirmed now; then, when the server stopped midway, '60 não foram confirmadas:
     * <why>' and that the selection is kept for another try (0171).
     */
    confirmedDescription: (result: BulkConfirmAnswer) => {
      const parts = [
        ...(result.already_confirmed > 0
          ? [
              `${number.format(result.already_confirmed)} ${plural(result.already_confirmed, {
                one: 'já estava confirmada',
                other: 'já estavam confirmadas',
              })}`,
            ]
          : []),
        ...(result.not_found > 0
          ? [
              `${number.format(result.not_found)} ${plural(result.not_found, {
                one: 'não existe mais',
                other: 'não existem mais',
              })}`,
            ]
          : []),
        ...(result.capacity_reached > 0
          ? [
              `${number.format(result.capacity_reached)} ${plural(result.capacity_reached, {
                one: 'ficou sem vaga (evento lotado)',
                other: 'ficaram sem vaga (evento lotado)',
              })}`,
            ]
          : []),
        ...(result.cancelled > 0
          ? [
              `${number.format(result.cancelled)} ${plural(result.cancelled, {
                one: 'está cancelada',
                other: 'estão canceladas',
              })}`,
            ]
          : []),
        // Left open while another edition started: those stay as they were.
        ...(result.past_edition > 0
          ? [
              `${number.format(result.past_edition)} ${plural(result.past_edition, {
                one: 'é de uma edição passada',
                other: 'são de uma edição passada',
              })}`,
            ]
          : []),
      ];
      const counted = parts.length > 0 ? `${parts.join('; ')}.` : '';
      if (!result.failed) return counted;
      const failed = `${number.format(result.failed)} ${plural(result.failed, {
        one: 'não foi confirmada',
        other: 'não foram confirmadas',
      })}: ${result.failure ?? ''} ${adminTexts.bulk.kept}`;
      return counted ? `${counted} ${failed}` : failed;
    },
    /** After a confirmation the server did not finish: the same selection, sent again. */
    kept: 'A seleção foi mantida: confirme de novo, as já confirmadas não se repetem.',
    confirmFailed: 'Não foi possível confirmar as inscrições selecionadas.',
    /** No answer came (a timeout, the connection lost): the server may have done it anyway. */
    maybeConfirmed:
      'Parte delas pode ter sido confirmada: confira a lista. Confirmar de novo não repete nenhuma.',
    resend: (count: number) => `Reenviar falhas (${number.format(count)})`,
    resending: 'Reenviando...',
    /** '3 mensagens na fila para reenvio.' */
    resent: (queued: number) =>
      `${counted(queued, { one: 'mensagem', other: 'mensagens' })} na fila para reenvio.`,
    nothingToResend: 'Nenhuma mensagem com falha para reenviar.',
    resendFailed: 'Não foi possível reenviar as mensagens.',
  },

  /** Who did what to a registration, on its card. */
  audit: {
    show: 'Histórico',
    hide: 'Ocultar histórico',
    loading: 'Carregando histórico...',
    failed: 'Não foi possível carregar o histórico.',
    empty: 'Nada registrado ainda.',
    system: 'sistema',
    actions: {
      confirmed: 'confirmou a inscrição',
      ticket_sent: 'abriu o ingresso no WhatsApp',
      checked_in: 'registrou a entrada',
      check_in_undone: 'desfez a entrada',
      deleted: 'excluiu a inscrição',
      cancelled: 'cancelou a inscrição',
      withdrawn: 'cancelou a inscrição pelo link pessoal',
      restored: 'restaurou a inscrição',
      promoted: 'passou a inscrição da lista de espera para a vaga liberada',
      message_resent: 'reenviou uma mensagem',
    },
    /** 'reenviou a mensagem E-mail · Ingresso': as the message's own line names it. */
    resent: (channel: MessageChannel, kind: MessageKind) =>
      `reenviou a mensagem ${channelNames[channel]} · ${kindNames[kind]}`,
    /** Who did it when no account did: the person (their own link), or the server. */
    person: 'a própria pessoa',
  },

  /** Door staff accounts, managed by admins. */
  doorAccounts: {
    open: 'Contas da portaria',
    heading: 'Contas da portaria',
    intro:
      'Quem trabalha na entrada usa a tela /portaria: vê nomes e empresas, nunca telefones ou e-mails.',
    loading: 'Carregando contas...',
    failed: 'Não foi possível carregar as contas.',
    empty: 'Nenhuma conta da portaria ainda.',
    createdAt: (dateTime: string) => `Criada em ${dateTime}`,
    remove: 'Remover',
    removed: 'Conta removida.',
    removeFailed: 'Não foi possível remover a conta.',
    newHeading: 'Nova conta',
    email: 'E-mail',
    password: 'Senha',
    passwordHint: 'Pelo menos 12 caracteres.',
    create: 'Criar conta',
    creating: 'Criando...',
    created: 'Conta criada.',
    createFailed: 'Não foi possível criar a conta.',
  },

  session: {
    expired: 'Sua sessão expirou. Entre novamente.',
    logoutFailed: 'Não foi possível sair. Tente novamente.',
  },

  login: {
    title: 'Entrar no painel',
  },
} as const;
