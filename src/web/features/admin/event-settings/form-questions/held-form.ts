// The 'Formulário' section's three settings (`fields`, `fieldLabels`, `questions`), held by the
// 'Evento' form as their JSON (settings-form-values.ts), read back as values, and the changes the
// section makes to the organizer's questions: pure, so they are tested without a page.
import {
  defaultFieldLabels,
  defaultFormFields,
  kindsWithOptions,
  type FieldLabels,
  type FormFields,
  type FormQuestion,
  type QuestionKind,
  type QuestionOption,
} from '@shared/form-questions.ts';
import { newQuestionId } from '@shared/form-questions.schema.ts';

export interface HeldForm {
  fields: FormFields;
  fieldLabels: FieldLabels;
  /** Every question kept, archived ones included, in the form's order. */
  questions: FormQuestion[];
}

function parsed<T>(json: string, fallback: T, fits: (value: unknown) => boolean): T {
  try {
    const value: unknown = JSON.parse(json);
    return fits(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null;

export function heldForm(values: Record<'fields' | 'fieldLabels' | 'questions', string>): HeldForm {
  return {
    fields: parsed(values.fields, defaultFormFields, isObject),
    fieldLabels: parsed(values.fieldLabels, defaultFieldLabels, isObject),
    questions: parsed<FormQuestion[]>(values.questions, [], Array.isArray),
  };
}

/** A question's place among the asked ones, with its index in the whole list (errors name it). */
export interface ShownQuestion {
  question: FormQuestion;
  index: number;
}

export function shownQuestions(questions: readonly FormQuestion[]): ShownQuestion[] {
  return questions
    .map((question, index) => ({ question, index }))
    .filter(({ question }) => !question.archived);
}

/** Two options, so a new choice question is one the schema takes. */
function starterOptions(labels: (n: number) => string): QuestionOption[] {
  return [1, 2].map((n) => ({ id: newQuestionId(), label: labels(n), archived: false }));
}

/** A new question at the end: one line, not required. Its id is made here so it keeps its place. */
export function newQuestion(): FormQuestion {
  return {
    id: newQuestionId(),
    kind: 'text',
    label: '',
    help: '',
    required: false,
    options: [],
    max: null,
    archived: false,
  };
}

/**
 * The question with another kind: a choice keeps its options into the other choice kind, gets two
 * to start with from another kind, and loses them (and its maximum) to a kind without options.
 * The server refuses the change when the question has answers (decision 0252).
 */
export function withKind(
  question: FormQuestion,
  kind: QuestionKind,
  optionLabel: (n: number) => string,
): FormQuestion {
  const hadOptions = kindsWithOptions.includes(question.kind);
  const hasOptions = kindsWithOptions.includes(kind);
  return {
    ...question,
    kind,
    options: hasOptions
      ? hadOptions
        ? question.options
        : starterOptions(optionLabel)
      : question.options.filter((option) => option.archived),
    max: kind === 'choices' ? question.max : null,
  };
}

export function replaced(questions: readonly FormQuestion[], next: FormQuestion): FormQuestion[] {
  return questions.map((question) => (question.id === next.id ? next : question));
}

/** `id` swapped with the asked question before it (-1) or after it (+1); unchanged at an end. */
export function moved(
  questions: readonly FormQuestion[],
  id: string,
  step: -1 | 1,
): FormQuestion[] {
  const from = questions.findIndex((question) => question.id === id);
  let to = from + step;
  while (to >= 0 && to < questions.length && questions[to]!.archived) to += step;
  if (from < 0 || to < 0 || to >= questions.length) return [...questions];
  const next = [...questions];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * Without `id`: a question somebody answered stays, archived (no longer asked, its answers still
 * on the cards and in the CSV); one nobody answered goes.
 */
export function withoutQuestion(
  questions: readonly FormQuestion[],
  id: string,
  answered: number,
): FormQuestion[] {
  if (answered === 0) return questions.filter((question) => question.id !== id);
  return questions.map((question) =>
    question.id === id ? { ...question, archived: true } : question,
  );
}

/** The question without one option, archived when somebody picked it (as above). */
export function withoutOption(
  question: FormQuestion,
  optionId: string,
  picked: number,
): FormQuestion {
  const options =
    picked === 0
      ? question.options.filter((option) => option.id !== optionId)
      : question.options.map((option) =>
          option.id === optionId ? { ...option, archived: true } : option,
        );
  const offered = options.filter((option) => !option.archived).length;
  return {
    ...question,
    options,
    max: question.max !== null && question.max > offered ? offered : question.max,
  };
}
