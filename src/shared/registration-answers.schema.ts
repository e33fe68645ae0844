// A registration's answers checked against its edition's form (issue 34.3): `respostas` and the
// original's fields as the setting `fields` asks them. The same schema runs in the form before it
// sends and in POST /api/registrations; shapes explained at the top of form-questions.schema.ts.
import { z } from 'zod';
import {
  answerMessages,
  questionLimits as limits,
  type AnswerValue,
  type Answers,
  type FormFields,
  type FormQuestion,
} from './form-questions.ts';
import type { CountryCode } from './phone.ts';
import {
  fieldLimits,
  isText,
  optionalText,
  registrationBody,
  withoutInvisibleMarks,
} from './registration.schema.ts';

/** What an answer may be on the wire, before it is checked against its question. */
const answerInput = z.union([z.string(), z.array(z.string()), z.boolean(), z.null()], {
  error: answerMessages.answers,
});

function unanswered(value: AnswerValue | null | undefined): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)
  );
}

const missingMessage = {
  text: answerMessages.required,
  long_text: answerMessages.required,
  choice: answerMessages.chooseOne,
  choices: answerMessages.chooseSome,
  yes_no: answerMessages.yesOrNo,
} as const;

type Checked = { value: AnswerValue } | { error: string } | null;

function typedText(value: AnswerValue, max: number, lines: boolean): Checked {
  if (typeof value !== 'string') return { error: answerMessages.notText };
  let text = withoutInvisibleMarks(value).trim();
  text = lines ? text.replace(/\r\n?/g, '\n') : text.replace(/[\t\r\n]+/g, ' ');
  if (!isText(lines ? text.replace(/\n/g, ' ') : text)) return { error: answerMessages.notText };
  if (text.length > max) return { error: answerMessages.tooLong(max) };
  return text ? { value: text } : null;
}

/** One answer checked against its (asked) question: its clean value, an error, or null: none. */
function checkAnswer(question: FormQuestion, value: AnswerValue): Checked {
  const offered = (id: string) => question.options.some((option) => option.id === id);
  switch (question.kind) {
    case 'text':
      return typedText(value, limits.text, false);
    case 'long_text':
      return typedText(value, limits.long_text, true);
    case 'choice':
      if (typeof value !== 'string' || !offered(value)) return { error: answerMessages.notOffered };
      return { value };
    case 'choices': {
      if (!Array.isArray(value)) return { error: answerMessages.notList };
      const picked = [...new Set(value)];
      if (!picked.every(offered)) return { error: answerMessages.notOffered };
      if (question.max !== null && picked.length > question.max)
        return { error: answerMessages.tooMany(question.max) };
      return { value: picked };
    }
    case 'yes_no':
      return typeof value === 'boolean' ? { value } : { error: answerMessages.notYesNo };
  }
}

/** `respostas` for these questions (as stored, archived ones included: only the asked count). */
export function answersSchema(questions: readonly FormQuestion[]) {
  const asked = askedOnly(questions);
  return z
    .record(z.string(), answerInput, { error: answerMessages.answers })
    .optional()
    .transform((raw, ctx) => {
      const answers: Answers = {};
      for (const id of Object.keys(raw ?? {})) {
        if (!asked.has(id))
          ctx.addIssue({ code: 'custom', path: [id], message: answerMessages.unknownQuestion });
      }
      for (const question of asked.values()) {
        const value = raw?.[question.id];
        const checked = unanswered(value) ? null : checkAnswer(question, value as AnswerValue);
        if (checked && 'error' in checked) {
          ctx.addIssue({ code: 'custom', path: [question.id], message: checked.error });
        } else if (checked) {
          answers[question.id] = checked.value;
        } else if (question.required) {
          ctx.addIssue({
            code: 'custom',
            path: [question.id],
            message: missingMessage[question.kind],
          });
        }
      }
      return answers;
    });
}

function askedOnly(questions: readonly FormQuestion[]): Map<string, FormQuestion> {
  const asked = new Map<string, FormQuestion>();
  for (const question of questions) {
    if (question.archived) continue;
    asked.set(question.id, {
      ...question,
      options: question.options.filter((option) => !option.archived),
    });
  }
  return asked;
}

/** What of an edition's settings the registration's schema depends on. */
export interface FormSettings {
  phoneCountry: string;
  fields: FormFields;
  questions: readonly FormQuestion[];
}

/** Dropped whatever it holds: a question the form does not ask stores nothing (issue 34.1). */
function notAsked<T>(stored: T) {
  return z
    .unknown()
    .optional()
    .transform(() => stored);
}

function buildSchema(settings: FormSettings) {
  const base = registrationBody(settings.phoneCountry as CountryCode);
  const company = settings.fields.nome_compania;
  return base.extend({
    nome_compania:
      company === 'required'
        ? base.shape.nome_compania
        : company === 'optional'
          ? optionalText(fieldLimits.nome_compania)
          : notAsked(''),
    levar_alguem:
      settings.fields.levar_alguem === 'shown' ? base.shape.levar_alguem : notAsked(null),
    confirmacao: settings.fields.confirmacao === 'shown' ? base.shape.confirmacao : notAsked(null),
    respostas: answersSchema(settings.questions),
  });
}

export type RegistrationSchema = ReturnType<typeof buildSchema>;
/** A registration as checked for an edition: the original's fields and its `respostas`. */
export type CheckedRegistration = z.output<RegistrationSchema>;

// A few editions' forms at most are in use at once; the key is what the schema is built from.
const built = new Map<string, RegistrationSchema>();

/**
 * The body of POST /api/registrations for an edition with these settings, as the form checks it
 * before sending and the server checks it on arrival (issue 34.3).
 */
export function registrationSchemaFor(settings: FormSettings): RegistrationSchema {
  const key = JSON.stringify([settings.phoneCountry, settings.fields, settings.questions]);
  let schema = built.get(key);
  if (!schema) {
    if (built.size >= 16) built.clear();
    schema = buildSchema(settings);
    built.set(key, schema);
  }
  return schema;
}
