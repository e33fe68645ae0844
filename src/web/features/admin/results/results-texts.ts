// The 'Resultados' figures: who came, the no-shows, the cancelled, arrivals and registrations over
// time, each chart with its numbers also as a table for screen readers. In the figures' own chunk
// with them; the screens' frame has its texts in admin-texts.ts.
const number = new Intl.NumberFormat('pt-BR');

// @shared/plural.ts's rule (the singular for exactly one), written again: importing it would make
// it a chunk of its own (results-view.tsx says why).
const rules = new Intl.PluralRules('pt-PT');
function plural(count: number, forms: { one: string; other: string }): string {
  return rules.select(count) === 'one' ? forms.one : forms.other;
}
function counted(count: number, forms: { one: string; other: string }): string {
  return `${number.format(count)} ${plural(count, forms)}`;
}
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });
const percentTenths = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/**
 * `part` of `whole` as a whole percentage; with one decimal where rounding would say 100% while
 * some are missing (997 of 1,000) or 0% while some are there, rounded away from those.
 */
function share(part: number, whole: number): string {
  const rounded = Math.round((part * 100) / whole);
  if (rounded === 100 && part < whole) {
    return percentTenths.format(Math.floor((part * 1000) / whole) / 1000);
  }
  if (rounded === 0 && part > 0) {
    return percentTenths.format(Math.ceil((part * 1000) / whole) / 1000);
  }
  return percent.format(part / whole);
}

export const resultsTexts = {
  /** Before the event is over, a no-show may still be on the way. */
  notOver:
    'O evento ainda não terminou: em “Não compareceram” estão os confirmados que ainda não entraram.',

  outcome: {
    heading: 'Comparecimento',
    came: 'Compareceram',
    noShows: 'Não compareceram',
    cancelled: 'Cancelados',
    /** The table's columns. */
    what: 'Situação',
    people: 'Pessoas',
    noShowsNote: 'Não compareceram: confirmados que nunca entraram na portaria.',
    /** 'Compareceram 75% dos confirmados.' (none confirmed: nothing said) */
    rate: (came: number, confirmed: number) =>
      `Compareceram ${share(came, confirmed)} dos confirmados.`,
    /** Entries a door made before or after the event (a practice): on the card, not counted. */
    outsideWindow: (count: number) =>
      `${counted(count, { one: 'entrada registrada', other: 'entradas registradas' })} fora do período do evento (de 12 horas antes do início a 12 horas depois do fim) ${count === 1 ? 'não conta' : 'não contam'} aqui.`,
    /** '2 inscrições sem confirmação (pendentes ou na lista de espera).' */
    unconfirmed: (count: number) =>
      `${counted(count, { one: 'inscrição', other: 'inscrições' })} sem confirmação (${plural(
        count,
        {
          one: 'pendente ou na lista de espera',
          other: 'pendentes ou na lista de espera',
        },
      )}).`,
  },

  arrivals: {
    heading: 'Chegadas a cada 15 minutos',
    time: 'Horário',
    count: 'Chegadas',
    /** '07:00 a 07:15', or with the day when the arrivals span several: '06/12, 07:00 a 07:15'. */
    slot: (from: string, to: string, day?: string) =>
      day ? `${day}, ${from} a ${to}` : `${from} a ${to}`,
    empty: 'Ninguém entrou pela portaria ainda.',
    /** 'Total: 42 chegadas.' */
    total: (count: number) => `Total: ${counted(count, { one: 'chegada', other: 'chegadas' })}.`,
  },

  perDay: {
    heading: 'Inscrições por dia',
    day: 'Dia',
    count: 'Inscrições',
    empty: 'Nenhuma inscrição ainda.',
    total: (count: number, days: number) =>
      `Total: ${counted(count, { one: 'inscrição', other: 'inscrições' })} em ${counted(days, {
        one: 'dia',
        other: 'dias',
      })}.`,
  },

  /** A count in pt-BR digits: '1.234'. */
  number: (value: number) => number.format(value),
} as const;
