// Every text of the admin side, grouped by the part of the screen that shows it. Toasts and
// panel texts quote the spec's catalogue exactly.
import { counted, plural } from '@shared/plural.ts';
import type { RegistrationCounts } from './registrations-list.ts';

const inscricoes = { one: 'inscrição', other: 'inscrições' };

export const adminTexts = {
  title: 'Painel Administrativo',

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
        counted(counts.confirmed, { one: 'confirmada', other: 'confirmadas' }),
        counted(counts.pending, { one: 'pendente', other: 'pendentes' }),
        counted(counts.ticketsSent, { one: 'ingresso enviado', other: 'ingressos enviados' }),
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
    ticketSentAt: (dateTime: string) => `Ingresso enviado em ${dateTime}`,
    checkIn: 'Entrada',
    notCheckedIn: 'Ainda não entrou',
    checkedInAt: (dateTime: string, by: string | null) =>
      by ? `Entrou em ${dateTime} (${by})` : `Entrou em ${dateTime}`,
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
      ticket_sent: 'enviou o ingresso',
      checked_in: 'registrou a entrada',
      check_in_undone: 'desfez a entrada',
      deleted: 'excluiu a inscrição',
    },
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
