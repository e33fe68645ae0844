// Counted nouns in the texts: '1 inscrição', '0 inscrições', '10.000 inscrições'. The singular
// is for exactly one: the rule CLDR gives Portugal's Portuguese. Brazil's CLDR rule also makes 0
// singular ('0 inscrição'), which our texts (and the spec's '0 confirmadas') do not say.
const rules = new Intl.PluralRules('pt-PT');
const numbers = new Intl.NumberFormat('pt-BR');

export interface PluralForms {
  one: string;
  other: string;
}

/** The form for this count: `plural(2, { one: 'pendente', other: 'pendentes' })` is 'pendentes'. */
export function plural(count: number, forms: PluralForms): string {
  return rules.select(count) === 'one' ? forms.one : forms.other;
}

/** The count in pt-BR digits and its noun: '10.000 inscrições'. */
export function counted(count: number, forms: PluralForms): string {
  return `${numbers.format(count)} ${plural(count, forms)}`;
}
