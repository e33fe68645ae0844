// What the visitor typed into the registration form, turned into the API's body or into messages
// for the fields, with the same zod schema and messages as the API: run by the form's script
// before it sends, and by the server for the form the browser posts itself (POST /convite,
// decision 0209). This file carries zod and the phone metadata: the form's script loads it after
// its first paint (form-checks.ts).
import {
  askedQuestions,
  defaultFormFields,
  type Answers,
  type FormFields,
  type FormQuestion,
} from './form-questions.ts';
import { registrationSchemaFor } from './registration-answers.schema.ts';
import { toE164, type CountryCode } from './phone.ts';
import {
  answerOptions,
  formFieldErrors,
  honeypotField,
  requiredFormFields,
  type AnswerField,
  type FieldErrors,
  type RequiredFormField,
} from './registration.fields.ts';
import { fieldErrors, messages, type NewRegistrationInput } from './registration.schema.ts';

/** Each field as typed (the phone in the national format of `country`), each question's answer. */
export type RegistrationFormValues = Record<RequiredFormField, string> & {
  [field in AnswerField]: '' | (typeof answerOptions)[field][number];
} & {
  country: CountryCode;
  /** The honeypot: people never see it, so it stays empty. */
  [honeypotField]: string;
  /**
   * The organizer's questions as the form holds them, by id: the text typed, the option id picked
   * (`choice`), the option ids ticked (`choices`), 'true'/'false' (`yes_no`). Absent: untouched.
   */
  respostas: FormAnswers;
};

export type FormAnswers = Record<string, string | string[]>;

/** What of an edition's settings the form asks (issue 34): the original's fields, its questions. */
export interface FormShape {
  fields: FormFields;
  questions: readonly FormQuestion[];
}

/** The original's form: every field asked, no questions of the organizer's. */
export const originalForm: FormShape = { fields: defaultFormFields, questions: [] };

/** The JSON the API receives: the schema's input, with the phone already in E.164. */
export type RegistrationBody = Required<NewRegistrationInput> & { respostas?: Answers };

export type Submission =
  | { ok: true; body: RegistrationBody }
  | { ok: false; errors: FieldErrors; missingRequired: boolean };

/** Each field of `fields` with its value from `values`, trimmed when `trim`. */
function pick<F extends string>(values: Record<F, string>, fields: readonly F[], trim: boolean) {
  return Object.fromEntries(
    fields.map((field) => [field, trim ? values[field].trim() : values[field]]),
  ) as Record<F, string>;
}

/** The answers as the API takes them: empty ones left out, Sim/Não as true/false. */
export function answersBody(answers: FormAnswers, questions: readonly FormQuestion[]): Answers {
  const body: Answers = {};
  for (const question of askedQuestions(questions)) {
    const value = answers[question.id];
    if (value === undefined || value === '' || (Array.isArray(value) && !value.length)) continue;
    if (question.kind === 'yes_no') {
      if (value === 'true' || value === 'false') body[question.id] = value === 'true';
    } else if (question.kind === 'choices') {
      body[question.id] = [value].flat();
    } else {
      const text = [value].flat()[0]!.trim();
      if (text) body[question.id] = text;
    }
  }
  return body;
}

export function prepareSubmission(
  values: RegistrationFormValues,
  form: FormShape = originalForm,
): Submission {
  const text = pick(values, requiredFormFields, true);
  const errors: FieldErrors = {};
  for (const field of requiredFormFields) {
    const asked = field !== 'nome_compania' || form.fields.nome_compania === 'required';
    if (asked && !text[field]) errors[field] = messages.required;
  }
  const respostas = answersBody(values.respostas ?? {}, form.questions);
  const unanswered = askedQuestions(form.questions).some(
    (question) => question.required && !(question.id in respostas),
  );
  const missingRequired = Object.keys(errors).length > 0 || unanswered;

  const e164 = text.whatsapp ? toE164(text.whatsapp, values.country) : null;
  if (text.whatsapp && !e164) errors.whatsapp = messages.invalidPhone;

  const body = {
    ...text,
    whatsapp: e164 ?? text.whatsapp,
    ...pick(values, Object.keys(answerOptions) as AnswerField[], false),
    [honeypotField]: values[honeypotField],
    // Left out when empty: the body of a form without questions stays the original's.
    ...(Object.keys(respostas).length > 0 && { respostas }),
  } as RegistrationBody;
  const schema = registrationSchemaFor({ ...form, phoneCountry: values.country });
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(formFieldErrors(fieldErrors(parsed.error)))) {
      errors[field as keyof FieldErrors] ??= message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, missingRequired };
  return { ok: true, body };
}
