// The 'Evento' form's values: every field as the text its input holds (a number is typed as text
// too; the landing's cards, edited as a list, as their JSON), turned into the settings' JSON
// before the shared schema checks it.
import {
  eventSettingsFields,
  type EventSettings,
  type EventSettingsInput,
} from '@shared/event-settings.schema.ts';

export type SettingsField = keyof EventSettings;
export type SettingsFormValues = Record<SettingsField, string>;
/** A part of one of the organizer's questions, as the schema and the server name it (issue 34.2). */
export type QuestionErrorKey = `questions.${string}`;
export type SettingsFieldErrors = Partial<
  Record<SettingsField | 'form' | QuestionErrorKey, string>
>;

const numberFields = new Set<SettingsField>([
  'durationMinutes',
  'retentionDays',
  'certificateRetentionYears',
  'capacity',
]);
/** Fields whose empty input means "none" (null): the capacity (no limit), the instants. */
const emptyIsNull = new Set<SettingsField>([
  'capacity',
  'registrationOpensAt',
  'registrationClosesAt',
]);
/** A switch, held as 'true' or 'false'. */
const booleanFields = new Set<SettingsField>(['registrationOpen']);

/** Fields whose value is a list or an object (or null: no logo): held as JSON, sent back as it was. */
const jsonFields = new Set<SettingsField>([
  'highlights',
  'thanks',
  'logo',
  'certificate',
  'reminders',
  'fields',
  'fieldLabels',
  'questions',
]);

/** The settings as the form shows them. */
export function formValues(settings: EventSettings): SettingsFormValues {
  return Object.fromEntries(
    Object.entries(settings).map(([field, value]) => [
      field,
      jsonFields.has(field as SettingsField)
        ? JSON.stringify(value)
        : value === null
          ? ''
          : String(value),
    ]),
  ) as SettingsFormValues;
}

/** A JSON field's value as typed: what it holds, or the text itself for the schema to refuse. */
function fromJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * What the form sends: text as typed (the schema trims it), numbers as numbers. A number field
 * left empty is sent without a value, and one that holds no number as its text: the schema then
 * names the field's rule either way.
 */
export function settingsBody(values: SettingsFormValues): EventSettingsInput {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values) as [SettingsField, string][]) {
    if (jsonFields.has(field)) body[field] = fromJson(value);
    else if (booleanFields.has(field)) body[field] = value === 'true';
    else if (emptyIsNull.has(field) && value.trim() === '') body[field] = null;
    else if (!numberFields.has(field)) body[field] = value;
    else if (/^\s*\d+\s*$/.test(value)) body[field] = Number(value);
    else if (value.trim() !== '') body[field] = value;
    else if (emptyIsNull.has(field)) body[field] = null;
  }
  return body as EventSettingsInput;
}

/** Whether the form holds anything else than `settings` (unsaved changes). */
export function differs(values: SettingsFormValues, settings: EventSettings): boolean {
  const saved = formValues(settings);
  return (Object.keys(saved) as SettingsField[]).some((field) => values[field] !== saved[field]);
}

/**
 * The form once `after` was saved elsewhere while it showed values started from `before`: a field
 * the organizer has not touched (still `before`'s) takes `after`'s value; one they edited keeps
 * what they typed.
 */
export function followSaved(
  values: SettingsFormValues,
  before: EventSettings,
  after: EventSettings,
): SettingsFormValues {
  const was = formValues(before);
  const now = formValues(after);
  return Object.fromEntries(
    (Object.keys(now) as SettingsField[]).map((field) => [
      field,
      values[field] === was[field] ? now[field] : values[field],
    ]),
  ) as SettingsFormValues;
}

/** Only the errors about fields the form has (the server may name others: those go under it). */
export function placeErrors(
  fields: Record<string, string>,
  known: readonly string[],
): SettingsFieldErrors {
  const placed: SettingsFieldErrors = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    // A question's part ('questions.2.kind') goes to that part, in the 'Formulário' section.
    if (known.includes(field) || field.startsWith('questions.'))
      placed[field as SettingsField] = message;
    else elsewhere.push(message);
  }
  if (elsewhere.length > 0) placed.form = elsewhere.join(' ');
  return placed;
}

/**
 * What to save when the settings read just before saving (`fresh`) are not the ones the form
 * started from (`base`): a save made elsewhere that the live stream has not told of. The fields
 * the organizer changed keep their value; the others take the fresh one, as the open form would
 * have shown them (followSaved).
 */
export function mergeSaved(
  typed: EventSettings,
  base: EventSettings,
  fresh: EventSettings,
): EventSettings {
  return Object.fromEntries(
    eventSettingsFields.map((field) => [
      field,
      JSON.stringify(typed[field]) === JSON.stringify(base[field]) ? fresh[field] : typed[field],
    ]),
  ) as EventSettings;
}

/**
 * The form once `saved` answers a save of `sent`: a field still as it was sent shows what was
 * saved (trimmed); one typed in while the save was on its way keeps what was typed.
 */
export function typedSince(
  current: SettingsFormValues,
  sent: SettingsFormValues,
  saved: SettingsFormValues,
): SettingsFormValues {
  return Object.fromEntries(
    (Object.keys(saved) as SettingsField[]).map((field) => [
      field,
      current[field] === sent[field] ? saved[field] : current[field],
    ]),
  ) as SettingsFormValues;
}
