// What the visitor has typed, and the messages shown at the fields. No zod and no phone
// metadata here: this is part of the form's first download (form-checks.ts loads after it).
import { askedQuestions, type FormQuestion } from '@shared/form-questions.ts';
import type { CountryCode } from '@shared/phone.ts';
import {
  answerFieldName,
  honeypotField,
  registrationFormFields,
  type AnswerFieldName,
  type FieldErrors,
  type RegistrationFormField,
} from '@shared/registration.fields.ts';
import type { FormAnswers, RegistrationFormValues } from '@shared/registration-submission.ts';

export { formFieldErrors } from '@shared/registration.fields.ts';
export type { FieldErrors, FormAnswers, RegistrationFormValues };

export function emptyValues(country: CountryCode): RegistrationFormValues {
  const blank = Object.fromEntries(registrationFormFields.map((field) => [field, '']));
  return { ...blank, country, [honeypotField]: '', respostas: {} } as RegistrationFormValues;
}

/**
 * The first field with a problem, in the order the form shows them (the original's fields, then
 * the organizer's questions): it gets the focus.
 */
export function firstInvalidField(
  errors: FieldErrors,
  questions: readonly FormQuestion[] = [],
): RegistrationFormField | AnswerFieldName | undefined {
  const order = [...registrationFormFields, ...questions.map(({ id }) => answerFieldName(id))];
  return order.find((field) => errors[field]);
}

/** The answers in the form's elements (`data`) that are not empty. */
function answersIn(data: FormData, questions: readonly FormQuestion[]): FormAnswers {
  const answers: FormAnswers = {};
  for (const question of askedQuestions(questions)) {
    const values = data.getAll(answerFieldName(question.id)).filter((v) => typeof v === 'string');
    if (question.kind === 'choices' ? values.length > 0 : values[0]) {
      answers[question.id] = question.kind === 'choices' ? values : values[0]!;
    }
  }
  return answers;
}

/**
 * What the form's elements hold right now where it differs from `initial`: what a visitor typed
 * or chose in the server's HTML before the page came alive. React keeps it on screen but not in
 * its state, so the form takes it over once hydrated. The country picker is the exception React
 * resets: its choice is read from where the page's entry kept it (country-list.ts).
 */
export function typedBeforeHydration(
  form: HTMLFormElement,
  countrySelectName: string,
  initial: RegistrationFormValues,
  questions: readonly FormQuestion[] = [],
): Partial<RegistrationFormValues> {
  const data = new FormData(form);
  const typed: Record<string, unknown> = {};
  type Named = [key: Exclude<keyof RegistrationFormValues, 'respostas'>, name: string];
  const named: Named[0][] = [...registrationFormFields, honeypotField];
  const fields: Named[] = [
    ...named.map((field): Named => [field, field]),
    ['country', countrySelectName],
  ];
  // Hydrating the picker puts the default back: the choice made before is kept on it.
  const picker = form.elements.namedItem(countrySelectName);
  const chosen = picker instanceof HTMLSelectElement ? picker.dataset.chosen : undefined;
  for (const [key, name] of fields) {
    const value = (name === countrySelectName && chosen) || (data.get(name) ?? '');
    if (typeof value === 'string' && value !== initial[key]) typed[key] = value;
  }
  const answers = answersIn(data, questions);
  if (JSON.stringify(answers) !== JSON.stringify(initial.respostas)) typed.respostas = answers;
  return typed as Partial<RegistrationFormValues>;
}
