// The registration form's questions (issue 34), as zod schemas: the settings the panel edits and
// the answers a visitor sends, checked by the form and by POST /api/registrations alike.
//
// For whoever builds on it (the panel's 'Formulário', the public form, the cards, 'Resultados'):
// - Setting `fields` = { nome_compania: 'required'|'optional'|'hidden',
//   levar_alguem: 'shown'|'hidden', confirmacao: 'shown'|'hidden' }. Hidden: not asked, and
//   whatever is sent for it is dropped (company '' and the two choices null are stored).
// - Setting `fieldLabels` = { nome_compania: { label }, levar_alguem: { label, options: { sim,
//   nao } }, confirmacao: { label, options: { ok, agenda } } }: the words only; the stored values
//   stay `sim`/`nao`, `ok`/`agenda`. Defaults: the original's ('Nome da empresa', 'Quer levar
//   alguém?', 'Ok, entendido.', ...): form-questions.ts.
// - Setting `questions` = [{ id, kind, label, help, required, options: [{ id, label, archived }],
//   max, archived }], in the form's order, at most 20 not archived. `id` may be left out of a new
//   question or option: the server gives one on PUT /api/admin/event (the ids it gets back are
//   kept). `options` only for `choice`/`choices` (2-20 not archived), `max` only for `choices`.
//   A question or option removed after somebody answered it comes back `archived: true`: the form
//   leaves it out (askedQuestions()), the cards and the CSV still name its answers (answerText()).
// - A registration's `respostas` = { "<question id>": "text" | ["<option id>", ...] | true/false }:
//   `text`/`long_text` a string, `choice` one option id (a string), `choices` a list of option ids,
//   `yes_no` true (Sim) or false (Não). Unanswered: left out ('' , [] and null count as left out).
//   Errors come at the field `respostas.<id>` (fieldErrors() in registration.schema.ts).
//   formFieldErrors() (registration.fields.ts) drops keys it does not know: keep `respostas.*`.
// - registrationSchemaFor(settings) (registration-answers.schema.ts, re-exported here) is the
//   whole body of POST /api/registrations for an edition: the original's fields as `fields` asks
//   them, plus `respostas`. The form runs the same one (in place of newRegistrationSchemaIn).
// - A stored registration (registrationSchema, the API's lists, the live stream) carries
//   `respostas` as checked: option ids, which answerText() turns into the labels shown.
import { z } from 'zod';
import {
  choiceFieldModes,
  companyFieldModes,
  kindsWithOptions,
  questionKinds,
  questionLimits as limits,
  questionMessages as messages,
  type FormQuestion,
} from './form-questions.ts';

// The answers' schema builder lives beside the registration's (registration-answers.schema.ts).
export {
  answersSchema,
  registrationSchemaFor,
  type CheckedRegistration,
  type FormSettings,
  type RegistrationSchema,
} from './registration-answers.schema.ts';

export const formFieldsSchema = z.strictObject(
  {
    nome_compania: z.enum(companyFieldModes, { error: messages.fields }),
    levar_alguem: z.enum(choiceFieldModes, { error: messages.fields }),
    confirmacao: z.enum(choiceFieldModes, { error: messages.fields }),
  },
  { error: messages.fields },
);

// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]|\p{Cs}/u;

/** One line of the organizer's: trimmed, 1 to `max` characters, no control characters. */
function line(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .refine((value) => !controlCharacter.test(value), message);
}

const fieldLabel = line(limits.label, messages.fieldLabels);

export const fieldLabelsSchema = z.strictObject(
  {
    nome_compania: z.strictObject({ label: fieldLabel }, { error: messages.fieldLabels }),
    levar_alguem: z.strictObject(
      {
        label: fieldLabel,
        options: z.strictObject({ sim: fieldLabel, nao: fieldLabel }, messages.fieldLabels),
      },
      { error: messages.fieldLabels },
    ),
    confirmacao: z.strictObject(
      {
        label: fieldLabel,
        options: z.strictObject({ ok: fieldLabel, agenda: fieldLabel }, messages.fieldLabels),
      },
      { error: messages.fieldLabels },
    ),
  },
  { error: messages.fieldLabels },
);

/** A new question's or option's id: 10 random letters and digits (no clock, no counter). */
export function newQuestionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

const idSchema = z
  .string({ error: messages.id })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, messages.id)
  .default(newQuestionId);

const optionSchema = z.strictObject(
  {
    id: idSchema,
    label: line(limits.optionLabel, messages.optionLabel),
    archived: z.boolean({ error: messages.archived }).default(false),
  },
  { error: messages.optionLabel },
);

export const questionSchema = z
  .strictObject(
    {
      id: idSchema,
      kind: z.enum(questionKinds, { error: messages.kind }),
      label: line(limits.label, messages.label),
      help: z
        .string({ error: messages.help })
        .trim()
        .max(limits.help, messages.help)
        .refine((value) => !controlCharacter.test(value), messages.help)
        .default(''),
      required: z.boolean({ error: messages.required }).default(false),
      options: z
        .array(optionSchema, { error: messages.options })
        .max(limits.storedOptions, messages.options)
        .default([]),
      max: z
        .number({ error: messages.max })
        .int(messages.max)
        .min(1, messages.max)
        .nullable()
        .default(null),
      archived: z.boolean({ error: messages.archived }).default(false),
    },
    { error: messages.questions },
  )
  .superRefine((question, ctx) => {
    const offered = question.options.filter((option) => !option.archived);
    if (!kindsWithOptions.includes(question.kind)) {
      if (question.options.length > 0)
        ctx.addIssue({ code: 'custom', path: ['options'], message: messages.noOptions });
    } else if (offered.length < limits.minOptions || offered.length > limits.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: messages.options });
    }
    const labels = offered.map((option) => option.label.toLocaleLowerCase('pt-BR'));
    if (new Set(labels).size !== labels.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: messages.sameOption });
    const ids = question.options.map((option) => option.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: messages.sameId });
    if (question.max !== null && question.kind !== 'choices')
      ctx.addIssue({ code: 'custom', path: ['max'], message: messages.maxOnlyChoices });
    else if (question.max !== null && question.max > offered.length)
      ctx.addIssue({ code: 'custom', path: ['max'], message: messages.max });
  });

export const questionsSchema = z
  .array(questionSchema, { error: messages.questions })
  .max(limits.storedQuestions, messages.tooManyStored)
  .superRefine((questions, ctx) => {
    if (questions.filter((question) => !question.archived).length > limits.questions)
      ctx.addIssue({ code: 'custom', message: messages.tooMany });
    const ids = questions.map((question) => question.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: messages.sameId });
  });

// The schema's output and the plain shape the public pages' code knows are one type.
const sameQuestion: (question: z.output<typeof questionSchema>) => FormQuestion = (q) => q;
void sameQuestion;
