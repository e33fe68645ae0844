// The event's settings, listed once: what `GET /api/admin/event` serves and `PUT` takes back, what
// the panel's 'Evento' form checks, and what EVENT_CONFIG seeds the first edition with, each field
// with its pt-BR message. Only the server, the panel and the door (which reads the settings its
// live stream sends) import this file: the public pages take the type alone (`import type`, erased
// at build), so no zod reaches their budget (decisions 0016, 0072). The plain data (limits,
// messages, labels) is in event-fields.ts, which has no zod.
import { z } from 'zod';
import {
  admissionModes,
  defaultLandingTexts,
  defaultThanksTexts,
  highlightIcons,
  eventFieldLimits as limits,
  eventFieldMessages as messages,
  isTimeZone,
} from './event-fields.ts';
import { certificateSettingsSchema } from './certificate-settings.schema.ts';
import { defaultFieldLabels, defaultFormFields } from './form-questions.ts';
import { fieldLabelsSchema, formFieldsSchema, questionsSchema } from './form-questions.schema.ts';
import { defaultCertificateSettings } from './certificate-text.ts';
import { logoLimits, logoUrlPattern } from './event-logo.ts';
import { isPhoneCountry } from './phone.ts';
import { defaultReminders } from './reminder-settings.ts';
import { remindersSchema } from './reminder-settings.schema.ts';
import {
  messageTextFields,
  placeholdersIn,
  type MessageTextField,
} from './message-placeholders.ts';

export { isTimeZone };

// Half of a UTF-16 pair is not text; nor are C0 controls or DEL (PostgreSQL refuses NUL).
const loneSurrogate = /\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const controlButNewline = /[\u0000-\u0009\u000b-\u001f\u007f]/;

function text(error: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? messages.required : error),
  });
}

/** One line: trimmed, required, at most `max` characters, no control characters. */
function line(max: number) {
  return text(messages.notText)
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong(max))
    .refine((value) => !loneSurrogate.test(value) && !controlCharacter.test(value), {
      message: messages.notText,
    });
}

/** One line that may be left empty: trimmed, at most `max` characters, no control characters. */
function optionalLine(max: number) {
  return text(messages.notText)
    .trim()
    .max(max, messages.tooLong(max))
    .refine((value) => !loneSurrogate.test(value) && !controlCharacter.test(value), {
      message: messages.notText,
    });
}

/** Text of several lines that may be left empty: CRLF made LF, trimmed, at most `max` characters. */
function optionalText(max: number) {
  return text(messages.notText)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(max, messages.tooLong(max))
        .refine((value) => !loneSurrogate.test(value) && !controlButNewline.test(value), {
          message: messages.notText,
        }),
    );
}

/** One card of the landing page, after the date's: an icon, a title and a line of text. */
export const highlightSchema = z.strictObject(
  {
    icon: z.enum(highlightIcons, { error: messages.highlightIcon }),
    title: line(limits.highlightTitle),
    text: line(limits.highlightText),
  },
  { error: messages.highlights },
);

/** One outcome's thank-you page: its heading and the line under it (which may be left empty). */
const thanksTextSchema = z.strictObject(
  { title: line(limits.thanksTitle), text: optionalText(limits.thanksText) },
  { error: messages.thanks },
);

/** The thank-you page of each outcome (issue 33.6); the form's toast repeats its title. */
export const thanksSchema = z.strictObject(
  {
    received: thanksTextSchema,
    confirmed: thanksTextSchema,
    waitlisted: thanksTextSchema,
  },
  { error: messages.thanks },
);

function wholeNumber(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** The logo as the settings hold it: set by PUT /api/admin/event/logo only (issue 33.2). */
export const eventLogoSchema = z.strictObject(
  {
    url: z.string({ error: messages.logo }).regex(logoUrlPattern, messages.logo),
    width: wholeNumber(1, logoLimits.width, messages.logo),
    height: wholeNumber(1, 100_000, messages.logo),
  },
  { error: messages.logo },
);

/** A message's text: lines kept (CRLF made LF), only the placeholders this text may hold. */
function messageText(field: MessageTextField) {
  const allowed: readonly string[] = messageTextFields[field];
  return text(messages.notText)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, messages.required)
        .max(limits.messageText, messages.tooLong(limits.messageText))
        .refine((value) => !loneSurrogate.test(value) && !controlButNewline.test(value), {
          message: messages.notText,
        })
        .superRefine((value, ctx) => {
          const unknown = placeholdersIn(value).find((name) => !allowed.includes(name));
          if (unknown !== undefined) {
            ctx.addIssue({
              code: 'custom',
              message: messages.unknownPlaceholder(unknown, allowed),
            });
          }
        }),
    );
}

/**
 * `YYYY-MM-DD`, a day that exists (no 31 April, no 29 February outside leap years), in this
 * century: a year typed short ('0202') would be taken for an event long over, and the retention job
 * would erase every registration at once.
 */
export const eventDateSchema = text(messages.invalidDate)
  .pipe(z.iso.date({ error: messages.invalidDate }))
  .refine((date) => date >= '2000-01-01' && date <= '2099-12-31', messages.dateOutOfRange);

/** `HH:MM`, 24 h. */
export const eventTimeSchema = text(messages.invalidTime).regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  messages.invalidTime,
);

export const eventNameSchema = line(limits.name);

/** An instant with its offset (`2027-01-10T09:00:00-03:00`), or null: none. */
const instant = text(messages.instant)
  .pipe(z.iso.datetime({ offset: true, error: messages.instant }))
  .nullable()
  .default(null);

/** The fields, unrefined: what the partial and the public subset are made from. */
const settingsObject = z.strictObject(
  {
    name: eventNameSchema,
    tagline: line(limits.tagline),
    /** Calendar date of the event, `YYYY-MM-DD`, in the event's time zone. */
    date: eventDateSchema,
    /** Start time, `HH:MM` (24 h), in the event's time zone. */
    time: eventTimeSchema,
    /** An IANA zone (`America/Sao_Paulo`): the event's date and time are on its clocks. */
    timeZone: text(messages.unknownTimeZone)
      .trim()
      .min(1, messages.required)
      .refine(isTimeZone, messages.unknownTimeZone),
    /** How long it lasts, for calendars ('Adicionar à agenda'). */
    durationMinutes: wholeNumber(1, limits.durationMinutes, messages.durationMinutes),
    /** The line above the name on the landing page; empty: none. */
    eyebrow: optionalLine(limits.eyebrow).default(defaultLandingTexts.eyebrow),
    /** Plain text under the tagline: blank lines make paragraphs, web addresses become links. */
    description: optionalText(limits.description).default(defaultLandingTexts.description),
    /** Up to four cards after the date's on the landing page. */
    highlights: z
      .array(highlightSchema, { error: messages.highlights })
      .max(limits.highlights, messages.tooManyHighlights)
      .default(() => structuredClone(defaultLandingTexts.highlights)),
    /** The thank-you page's title and text for each outcome: received, confirmed, waitlisted. */
    thanks: thanksSchema.default(() => structuredClone(defaultThanksTexts)),
    /** The logo above the name on every page and e-mail; null: none. */
    logo: eventLogoSchema.nullable().default(null),
    venue: line(limits.venue),
    city: line(limits.city),
    /**
     * ISO 3166 alpha-2: the WhatsApp field's country until the visitor picks another, and the
     * country a number typed without its code is read in (issue 33.3). The original's: 'US'.
     */
    phoneCountry: text(messages.phoneCountry)
      .trim()
      .min(1, messages.required)
      .toUpperCase()
      .refine(isPhoneCountry, messages.phoneCountry)
      .default('US'),
    /** CSV export file names start with this. */
    csvPrefix: text(messages.csvPrefix)
      .trim()
      .min(1, messages.required)
      .max(limits.csvPrefix, messages.tooLong(limits.csvPrefix))
      .regex(/^[\w-]+$/, messages.csvPrefix),
    /** Who collects the data, shown on the privacy page. */
    organizer: line(limits.organizer),
    /** Where attendees ask for access to, or deletion of, their data. */
    contactEmail: line(limits.contactEmail).pipe(z.email({ error: messages.invalidEmail })),
    /** How many days after the event the registrations are kept. */
    retentionDays: wholeNumber(1, limits.retentionDays, messages.retentionDays),
    /**
     * How many years an issued certificate stays verifiable, from its issue, after its
     * registration is erased (issue 36.7): its name, event, date, hours and code only.
     */
    certificateRetentionYears: wholeNumber(
      1,
      limits.certificateRetentionYears,
      messages.certificateRetentionYears,
    ).default(5),
    /** The WhatsApp ticket's text (placeholders: message-placeholders.ts). */
    whatsappMessage: messageText('whatsappMessage'),
    /** The opening lines of the e-mail that says a registration arrived. */
    receivedEmailIntro: messageText('receivedEmailIntro'),
    /** The opening lines of the ticket e-mail. */
    ticketEmailIntro: messageText('ticketEmailIntro'),
    /**
     * How many people may be confirmed at once; null (or left out): no limit. No confirmation of
     * any kind takes the count past it (decision 0130).
     */
    capacity: wholeNumber(1, limits.capacity, messages.capacity).nullable().default(null),
    /** `approval` (the organizer confirms) or `automatic` (confirmed on arrival while seats remain). */
    admission: z.enum(admissionModes, { error: messages.admission }).default('approval'),
    /** Off: registrations closed now, whatever the dates (issue 33.5). */
    registrationOpen: z.boolean({ error: messages.registrationOpen }).default(true),
    /** Before this instant the form does not show and the API refuses; null: open already. */
    registrationOpensAt: instant,
    /** From this instant on, registrations are closed; null: until the organizer closes them. */
    registrationClosesAt: instant,
    /** Which of the original's last three questions the form asks, and how (issue 34.1). */
    fields: formFieldsSchema.default(() => structuredClone(defaultFormFields)),
    /** Those questions' words and their options' (the stored values never change). */
    fieldLabels: fieldLabelsSchema.default(() => structuredClone(defaultFieldLabels)),
    /** The organizer's own questions, in order (issue 34.2; shapes: form-questions.schema.ts). */
    questions: questionsSchema.default(() => []),
    /** Sent to everyone confirmed, each this many hours before the start (issue 35.1). */
    reminders: remindersSchema.default(() => structuredClone([...defaultReminders])),
    /** The certificate of attendance (issue 36.1): off by default. */
    certificate: certificateSettingsSchema.default(() =>
      structuredClone(defaultCertificateSettings),
    ),
  },
  { error: messages.unknownField },
);

export const eventSettingsSchema = settingsObject.superRefine((settings, ctx) => {
  const { registrationOpensAt: opens, registrationClosesAt: closes } = settings;
  if (opens && closes && Date.parse(closes) <= Date.parse(opens)) {
    ctx.addIssue({
      code: 'custom',
      path: ['registrationClosesAt'],
      message: messages.closesBeforeOpening,
    });
  }
});

/** One edition's settings: what GET /api/admin/event serves and PUT takes back as it is. */
export type EventSettings = z.output<typeof eventSettingsSchema>;
/** The settings' body as a client may send it (the same shape). */
export type EventSettingsInput = z.input<typeof eventSettingsSchema>;
/** The settings without the messages' texts: what the public pages and the door are given. */
export const eventDetailsSchema = settingsObject.omit({
  whatsappMessage: true,
  receivedEmailIntro: true,
  ticketEmailIntro: true,
});

/** The operator's EVENT_CONFIG file: any subset of the fields, laid over the defaults. */
export const eventConfigOverridesSchema = settingsObject.partial();

/** The settings' field names, in the form's order. */
export const eventSettingsFields = Object.keys(
  settingsObject.shape,
) as readonly (keyof EventSettings)[];
