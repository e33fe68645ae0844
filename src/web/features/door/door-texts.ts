// Every text of the check-in screen, grouped by the part of the screen that shows it.
import { counted } from '@shared/plural.ts';

const pessoas = { one: 'pessoa', other: 'pessoas' };

export const doorTexts = {
  title: 'Portaria',
  login: { title: 'Entrar na portaria' },
  noAccess: 'Sua conta não tem acesso à portaria.',
  sessionExpired: 'Sua sessão expirou. Entre novamente.',

  header: {
    /** The counters' accessible sentence: '12 de 340 confirmados já entraram'. */
    counts: (checkedIn: number, confirmed: number) =>
      `${checkedIn.toLocaleString('pt-BR')} de ${confirmed.toLocaleString('pt-BR')} confirmados já entraram`,
    checkedIn: 'entraram',
    confirmed: 'confirmados',
    live: 'Ao vivo',
    connecting: 'Conectando...',
    offline: 'Sem conexão',
    logout: 'Sair',
    logoutBlocked:
      'Há entradas ainda não enviadas ao servidor. Conecte-se à internet antes de sair.',
    logoutFailed: 'Não foi possível sair. Tente novamente.',
  },

  offline: {
    banner:
      'Sem conexão. As entradas são decididas pela lista deste aparelho e enviadas quando a internet voltar.',
    /** Shown from the start when the browser keeps nothing on the phone (a private window). */
    notKept:
      'Este navegador não guarda dados neste aparelho (janela anônima?). Entradas ainda não enviadas ao servidor se perdem se a página for recarregada ou fechada: use uma janela normal.',
    /** A toast when the phone refuses to store a check-in (its storage full). */
    notStored:
      'Este aparelho não conseguiu guardar a entrada: ela fica só nesta página até ser enviada. Não recarregue nem feche a página.',
    /** The browser's question before a reload or close loses them (most browsers show their own words). */
    unsavedQueue:
      'Há entradas ainda não enviadas ao servidor; elas se perdem se você sair desta página.',
    /** Check-ins another account decided on this phone, not yet sent: only that account can send them. */
    othersQueued: (count: number, by: string) =>
      `${counted(count, { one: 'entrada registrada', other: 'entradas registradas' })} por ${by} sem conexão ${count === 1 ? 'ainda não foi enviada' : 'ainda não foram enviadas'} ao servidor. Só essa conta pode enviá-las: entre com ela neste aparelho quando houver internet.`,
    /** '2 entradas aguardando envio' */
    queued: (count: number) =>
      `${counted(count, { one: 'entrada', other: 'entradas' })} aguardando envio`,
  },

  /** Outside the event's window (decision 0212): the door works, its entries are not attendance. */
  attendance: {
    /** '20/03': the event's date. */
    before: (dayMonth: string) =>
      `O evento é em ${dayMonth}: entradas registradas agora não contam nos resultados`,
    after: (dayMonth: string) =>
      `O evento foi em ${dayMonth}: entradas registradas agora não contam nos resultados`,
  },

  list: {
    loading: 'Carregando a lista de participantes...',
    loadFailed: 'Não foi possível carregar a lista de participantes.',
    retry: 'Tentar novamente',
  },

  verdict: {
    label: 'Resultado da leitura',
    idle: 'Aponte a câmera para o QR code do ingresso, ou busque pelo nome.',
    admitted: 'Entrada liberada',
    already: (time: string) => `Já entrou às ${time}`,
    by: (who: string) => `Registrada por ${who}`,
    invalid: 'Ingresso inválido',
    /** No answer from the server, and a code this phone's list does not hold: unknown, not invalid. */
    unverified: 'Não foi possível verificar',
    unverifiedDetail:
      'O servidor não respondeu e este ingresso não está na lista deste aparelho. Tente de novo ou busque pelo nome.',
    notConfirmed: 'Inscrição não confirmada',
    cancelled: 'Inscrição cancelada',
    /** Any other refusal: the server's own words follow. */
    refused: 'Entrada recusada pelo servidor',
    undone: 'Entrada desfeita',
    offline: 'Decidido sem conexão: será enviado ao servidor.',
    undo: 'Desfazer',
    undoFailed: 'Não foi possível desfazer a entrada. Tente novamente.',
    checkInFailed: 'Não foi possível registrar a entrada. Tente novamente.',
  },

  camera: {
    label: 'Câmera',
    starting: 'Abrindo a câmera...',
    denied:
      'O acesso à câmera foi negado. Permita a câmera nas configurações do navegador, ou busque a pessoa pelo nome.',
    absent: 'Nenhuma câmera encontrada neste aparelho. Busque a pessoa pelo nome.',
    insecure: 'A câmera só funciona em endereço seguro (https). Busque a pessoa pelo nome.',
    busy: 'A câmera está em uso por outro aplicativo. Feche-o e tente de novo, ou busque pelo nome.',
    decoder: 'Não foi possível ler QR codes neste aparelho. Busque a pessoa pelo nome.',
    retry: 'Tentar de novo',
  },

  search: {
    label: 'Buscar por nome ou empresa',
    placeholder: 'Nome ou empresa',
    clear: 'Limpar busca',
    /** '3 pessoas encontradas' */
    found: (total: number, shown: number) =>
      total > shown
        ? `${counted(total, pessoas)} encontradas; veja as ${shown} primeiras ou digite mais.`
        : `${counted(total, pessoas)} ${total === 1 ? 'encontrada' : 'encontradas'}`,
    none: (term: string) => `Ninguém encontrado para "${term}".`,
    checkIn: 'Registrar entrada',
    undo: 'Desfazer entrada',
    checkedInAt: (time: string) => `Entrou às ${time}`,
    notYet: 'Ainda não entrou',
    /** Someone found who cannot come in: their registration's state (issue 31.8). */
    notConfirmed: {
      pending: 'Inscrição pendente',
      waitlisted: 'Na lista de espera',
      cancelled: 'Inscrição cancelada',
    },
  },

  conflicts: {
    heading: 'Avisos',
    dismiss: 'Dispensar',
    /** A late verdict's own 'Desfazer', named for its person: 'Desfazer a entrada de Ana Souza'. */
    undoLate: (name: string) => `Desfazer a entrada de ${name}`,
    elsewhere: (name: string, at: string, by: string, ours: string) =>
      `${name} já tinha entrado às ${at} (registrada por ${by}); a entrada registrada aqui sem conexão, às ${ours}, não foi contada.`,
    /** A 404: the phone's list had the ticket, so its registration was deleted since. */
    invalid: (name: string, ours: string) =>
      `${name}: este ingresso não existe mais no servidor (a inscrição foi excluída); a entrada registrada sem conexão às ${ours} não foi aceita.`,
    notConfirmed: (name: string, ours: string) =>
      `${name}: a inscrição não está confirmada; a entrada registrada sem conexão às ${ours} não foi aceita.`,
    cancelled: (name: string, ours: string) =>
      `${name}: a inscrição foi cancelada; a entrada registrada sem conexão às ${ours} não foi aceita.`,
    /** Any other refusal, with the server's own words when it gave some. */
    refused: (name: string, ours: string, reason?: string) =>
      `${name}: o servidor recusou a entrada registrada sem conexão às ${ours}${reason ? ` (${reason.replace(/\.$/, '')})` : ''}.`,
    /** An earlier scan's verdict that came after a newer scan's: 'Leitura anterior (Ana): Entrada liberada.' */
    late: (name: string | undefined, verdict: string) =>
      name ? `Leitura anterior (${name}): ${verdict}.` : `Leitura anterior: ${verdict}.`,
  },
} as const;
