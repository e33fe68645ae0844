// The editions' screens: the list, 'Nova edição', and one past edition opened read-only.
import { eventFieldLabels } from '@shared/event-fields.ts';
import { counted, plural } from '@shared/plural.ts';

const inscricoes = { one: 'inscrição', other: 'inscrições' };

export const editionsTexts = {
  heading: 'Edições',
  intro:
    'Cada edição tem seus dados e suas inscrições. A atual é a que as páginas públicas mostram; as anteriores ficam guardadas só para consulta, até o fim do prazo de guarda.',
  loading: 'Carregando edições...',
  loadFailed: 'Não foi possível carregar as edições.',
  retry: 'Tentar novamente',
  current: 'Atual',
  past: 'Anterior',
  /** '6 de dezembro de 2025, às 7:30' */
  when: (date: string, time: string) => `${date}, às ${time}`,
  registrations: (count: number) => counted(count, inscricoes),
  openCurrent: 'Ver inscrições',
  open: 'Abrir',
  /** The list's name for screen readers. */
  label: (count: number) => counted(count, { one: 'edição', other: 'edições' }),

  newEdition: {
    open: 'Nova edição',
    title: 'Nova edição',
    description: (name: string) =>
      `A nova edição começa com os dados de ${name} (local, mensagens, prazos) e sem inscrições. Ela passa a ser a atual: as páginas públicas mostram a nova data na hora, e as inscrições de agora ficam guardadas só para consulta.`,
    date: 'Data da nova edição',
    name: 'Nome da nova edição',
    /** Two editions never share a name (decision 0217). */
    nameHelp: (current: string) => `Um nome só dela: a atual se chama ${current}.`,
    time: 'Horário de início (opcional)',
    timeHelp: (current: string) => `Em branco: ${current}.`,
    cancel: 'Cancelar',
    create: 'Criar edição',
    creating: 'Criando...',
    created: 'Nova edição criada!',
    /** 'Build Safe 2026, 5 de dezembro de 2026: as inscrições começam do zero.' */
    createdDescription: (name: string, date: string) =>
      `${name}, ${date}: as inscrições começam do zero.`,
    createFailed: 'Não foi possível criar a edição.',
    /** Asked first while the current edition is still to come and holds people (issue 31.11). */
    guardTitle: 'A edição atual ainda não aconteceu',
    guard: (name: string, count: number) =>
      `${name} ainda não aconteceu e tem ${counted(count, {
        one: 'inscrição pendente ou confirmada',
        other: 'inscrições pendentes ou confirmadas',
      })}. Com a nova edição, ${plural(count, { one: 'ela fica', other: 'elas ficam' })} só para consulta: ninguém mais confirma, envia ingresso ou registra entrada nessa edição.`,
    guardConfirm: 'Criar mesmo assim',
    guardBack: 'Voltar',
  },

  /** One edition, opened. */
  edition: {
    back: 'Todas as edições',
    notFound: 'Esta edição não existe.',
    readOnly:
      'Edição anterior: só consulta. Ninguém se inscreve nela, e a portaria recusa seus ingressos.',
    currentNote: 'Esta é a edição atual: confirme e envie ingressos na tela de inscrições.',
    exportCsv: 'Exportar CSV',
    /** Its 'Resultados' (who came, the no-shows, arrivals over time). */
    results: 'Ver resultados',
    loading: 'Carregando inscrições...',
    loadFailed: 'Não foi possível carregar as inscrições.',
    empty: 'Nenhuma inscrição nesta edição.',
    listLabel: (count: number) => counted(count, inscricoes),
    changesHeading: 'Histórico do evento',
    changesLoading: 'Carregando histórico...',
    changesFailed: 'Não foi possível carregar o histórico.',
    changesEmpty: 'Nenhuma alteração registrada.',
    system: 'sistema',
    /** 'criou a edição', 'alterou Local, Cidade': the settings' names (`venue`) by their labels. */
    change: (action: 'created' | 'updated', fields: readonly string[]) => {
      const named = fields.map(fieldLabel);
      return action === 'created'
        ? named.length > 0
          ? `criou a edição (${named.join(', ')})`
          : 'criou a edição'
        : `alterou ${named.join(', ')}`;
    },
  },
} as const;

/** A setting's label, or its name for one this panel does not know (a later release's). */
function fieldLabel(field: string): string {
  return (eventFieldLabels as Record<string, string>)[field] ?? field;
}
