// Every text of the admin side, grouped by the part of the screen that shows it: the panel's own
// here, each area's in the file named for it (*-texts.ts beside its screen). Toasts and panel
// texts quote the spec's catalogue exactly.
import { counted, plural } from '@shared/plural.ts';
import { auditTrailTexts } from './audit-trail-texts.ts';
import { bulkActionsTexts } from './bulk-actions-texts.ts';
import { doorAccountsTexts } from './door-accounts-texts.ts';
import { messagingTexts } from './messaging-texts.ts';
import {
  deleteDialogTexts,
  registrationActionsTexts,
  registrationCardTexts,
} from './registration-card-texts.ts';
import { inscricoes, number } from './registration-nouns.ts';
import type { ListView } from './registration-views.ts';
import type { RegistrationCounts } from './registrations-list.ts';

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
    /** On a phone, the button over the erasure date and the messages' notice. */
    notices: { show: 'Ver prazos e avisos', hide: 'Ocultar prazos e avisos' },
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
  card: registrationCardTexts,

  /** What each action on a card says when it is done, or fails. */
  actions: registrationActionsTexts,

  deleteDialog: deleteDialogTexts,

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
  messages: messagingTexts,

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
  bulk: bulkActionsTexts,

  /** Who did what to a registration, on its card. */
  audit: auditTrailTexts,

  /** Door staff accounts, managed by admins. */
  doorAccounts: doorAccountsTexts,

  session: {
    expired: 'Sua sessão expirou. Entre novamente.',
    logoutFailed: 'Não foi possível sair. Tente novamente.',
  },

  login: {
    title: 'Entrar no painel',
  },
} as const;
