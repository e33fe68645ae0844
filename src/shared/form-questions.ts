// The registration form's questions as plain data, with no zod (issue 34): the shapes, limits,
// pt-BR messages and defaults that the public form renders on its first paint and the panel edits.
// The zod schemas built from them are in form-questions.schema.ts (read its top note first).
import { confirmacaoLabels, levarAlguemLabels } from './labels.ts';
import type { Confirmacao, LevarAlguem } from './registration.fields.ts';

/** `fields.nome_compania`: asked and required (the original), asked and optional, or not asked. */
export const companyFieldModes = ['required', 'optional', 'hidden'] as const;
export type CompanyFieldMode = (typeof companyFieldModes)[number];

/** `fields.levar_alguem` and `fields.confirmacao`: asked (the original) or not. */
export const choiceFieldModes = ['shown', 'hidden'] as const;
export type ChoiceFieldMode = (typeof choiceFieldModes)[number];

/** The setting `fields`: which of the original's last three questions the form asks, and how. */
export interface FormFields {
  nome_compania: CompanyFieldMode;
  levar_alguem: ChoiceFieldMode;
  confirmacao: ChoiceFieldMode;
}

/**
 * The setting `fieldLabels`: the words of those three questions. The stored values stay the
 * original's (`sim`/`nao`, `ok`/`agenda`): only what the visitor reads changes.
 */
export interface FieldLabels {
  nome_compania: { label: string };
  levar_alguem: { label: string; options: Record<LevarAlguem, string> };
  confirmacao: { label: string; options: Record<Confirmacao, string> };
}

export const defaultFormFields: FormFields = {
  nome_compania: 'required',
  levar_alguem: 'shown',
  confirmacao: 'shown',
};

/** The original's words, exactly. */
export const defaultFieldLabels: FieldLabels = {
  nome_compania: { label: 'Nome da empresa' },
  levar_alguem: { label: 'Quer levar alguém?', options: { ...levarAlguemLabels } },
  confirmacao: { label: 'Confirmação', options: { ...confirmacaoLabels } },
};

/**
 * `text`: one line; `long_text`: several lines; `choice`: one of the options (radio buttons up to
 * six, a select beyond); `choices`: any of them (checkboxes, `max` at most); `yes_no`: Sim or Não.
 */
export const questionKinds = ['text', 'long_text', 'choice', 'choices', 'yes_no'] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** The kinds whose answers are among `options`. */
export const kindsWithOptions: readonly QuestionKind[] = ['choice', 'choices'];

/** One option of a choice question; its `id` is what an answer holds, so a label can change. */
export interface QuestionOption {
  id: string;
  label: string;
  /** Removed after someone picked it: no longer offered, still named on the cards and the CSV. */
  archived: boolean;
}

/** One question of the organizer's own (the setting `questions`, in the form's order). */
export interface FormQuestion {
  id: string;
  kind: QuestionKind;
  label: string;
  /** A line under the label; '' for none. */
  help: string;
  required: boolean;
  /** The options of `choice` and `choices`; [] for the other kinds. */
  options: QuestionOption[];
  /** `choices` only: how many may be picked at most; null: any number. */
  max: number | null;
  /** Removed after someone answered it: no longer asked, still on the cards and the CSV. */
  archived: boolean;
}

/** One answer: the text typed, the option ids picked (`choice`: one id), or Sim (true)/Não. */
export type AnswerValue = string | string[] | boolean;

/** A registration's answers (`respostas`), by question id; an unanswered question is absent. */
export type Answers = Record<string, AnswerValue>;

export const questionLimits = {
  /** Questions asked at once; archived ones do not count. */
  questions: 20,
  /** Questions kept in all, archived included. */
  storedQuestions: 100,
  label: 200,
  help: 200,
  optionLabel: 100,
  minOptions: 2,
  options: 20,
  /** Options kept in all, archived included. */
  storedOptions: 100,
  /** A `choice` with more options than this shows a select. */
  radiosUpTo: 6,
  text: 200,
  long_text: 2000,
} as const;

/** 2000 → '2.000', as pt-BR writes it (no Intl: this file is on the form's first paint). */
function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** What the form and the API say about an answer, in pt-BR, at `respostas.<id>`. */
export const answerMessages = {
  required: 'Campo obrigatório.',
  chooseOne: 'Escolha uma opção.',
  chooseSome: 'Escolha ao menos uma opção.',
  yesOrNo: 'Escolha Sim ou Não.',
  tooLong: (max: number) => `Resposta longa demais: até ${count(max)} caracteres.`,
  notOffered: 'Escolha uma das opções oferecidas.',
  tooMany: (max: number) => `Escolha no máximo ${max} ${max === 1 ? 'opção' : 'opções'}.`,
  unknownQuestion: 'Esta pergunta não está no formulário.',
  notText: 'Envie esta resposta como texto.',
  notList: 'Envie as opções escolhidas como uma lista.',
  notYesNo: 'Envie true (Sim) ou false (Não).',
  answers: 'Envie as respostas como um objeto: o id de cada pergunta com a sua resposta.',
} as const;

/** What the API and the panel say about the settings `questions`, `fields` and `fieldLabels`. */
export const questionMessages = {
  questions:
    'Envie as perguntas como uma lista, cada uma com kind, label, help, required e options.',
  tooMany: `Use no máximo ${questionLimits.questions} perguntas.`,
  tooManyStored: `O formulário guarda no máximo ${questionLimits.storedQuestions} perguntas, retiradas incluídas.`,
  kind: `Escolha o tipo: ${questionKinds.join(', ')}.`,
  label: `Escreva a pergunta, com até ${questionLimits.label} caracteres.`,
  help: `Use no máximo ${questionLimits.help} caracteres na explicação.`,
  required: 'Envie true (obrigatória) ou false.',
  archived: 'Envie true (retirada do formulário) ou false.',
  options: `Uma pergunta de escolha tem de ${questionLimits.minOptions} a ${questionLimits.options} opções.`,
  noOptions: 'Só perguntas de escolha (choice, choices) têm opções.',
  optionLabel: `Escreva cada opção, com até ${questionLimits.optionLabel} caracteres.`,
  sameOption: 'Duas opções com o mesmo texto: diferencie-as.',
  max: 'O máximo de escolhas vai de 1 ao número de opções, ou null para qualquer número.',
  maxOnlyChoices: 'Só perguntas de várias escolhas (choices) têm máximo.',
  id: 'Identificador inválido: deixe sem id numa pergunta ou opção nova.',
  sameId: 'Duas perguntas ou opções com o mesmo id.',
  fields:
    'Envie fields com nome_compania (required, optional ou hidden), levar_alguem e confirmacao (shown ou hidden).',
  fieldLabels:
    'Envie fieldLabels com o texto de cada pergunta (label) e de cada opção (options), até 200 caracteres.',
  /** PUT /api/admin/event changing the kind of a question somebody answered (issue 34.5). */
  kindChanged: (label: string) =>
    `A pergunta “${label}” já tem respostas: o tipo dela não pode mudar. Crie uma pergunta nova e retire esta.`,
} as const;

/** The questions the form asks, in order: the archived ones left out. */
export function askedQuestions(questions: readonly FormQuestion[]): FormQuestion[] {
  return questions
    .filter((question) => !question.archived)
    .map((question) => ({
      ...question,
      options: question.options.filter((option) => !option.archived),
    }));
}

/**
 * An answer as the panel's card and the CSV show it: the text, the picked options' labels joined
 * by '; ' (an option since removed still by its label), 'Sim'/'Não'; '' when unanswered.
 */
export function answerText(question: FormQuestion, answer: AnswerValue | undefined): string {
  if (answer === undefined) return '';
  if (typeof answer === 'boolean') return answer ? 'Sim' : 'Não';
  const picked = typeof answer === 'string' && question.kind !== 'choice' ? null : [answer].flat();
  if (!picked) return answer as string;
  return picked
    .map((id) => question.options.find((option) => option.id === id)?.label ?? id)
    .join('; ');
}
