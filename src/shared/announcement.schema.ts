// 'Avisar inscritos' (issue 35.4): the organizer's news to the people registered, as the API takes
// and serves it. The server writes these shapes; the panel parses them and fills the preview
// with the same placeholders as the other messages (event-texts.ts).
import { z } from 'zod';
import { messageChannels } from './message.schema.ts';
import { placeholderNames, placeholdersIn } from './message-placeholders.ts';

/** Who receives it; the last two only once the event has started (decision 0269). */
export const announcementAudiences = [
  'confirmed',
  'pending',
  'waitlisted',
  'all',
  'attended',
  'not_attended',
] as const;
export type AnnouncementAudience = (typeof announcementAudiences)[number];

export const audienceLabels: Record<AnnouncementAudience, string> = {
  confirmed: 'Confirmadas',
  pending: 'Pendentes',
  waitlisted: 'Lista de espera',
  all: 'Todas',
  attended: 'Compareceram',
  not_attended: 'Não compareceram',
};

/** The audiences that exist only after the event has started. */
export const afterEventAudiences: readonly AnnouncementAudience[] = ['attended', 'not_attended'];

export const announcementLimits = { subject: 150, text: 4000 } as const;

export const announcementMessages = {
  subjectRequired: 'Escreva o assunto do aviso.',
  textRequired: 'Escreva o texto do aviso.',
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  audience: 'Escolha quem recebe o aviso: Confirmadas, Pendentes, Lista de espera ou Todas.',
  channels: 'Escolha ao menos um canal: e-mail ou WhatsApp.',
  notYet: 'Compareceram e Não compareceram só existem depois do início do evento.',
  unknownPlaceholder: (name: string) =>
    `{${name}} não é um marcador conhecido. Use ${placeholderNames.map((n) => `{${n}}`).join(', ')}.`,
} as const;

function announcementText(required: string, max: number) {
  return z
    .string({ error: required })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, announcementMessages.tooLong(max))
        .superRefine((value, ctx) => {
          const known: readonly string[] = placeholderNames;
          const unknown = placeholdersIn(value).find((name) => !known.includes(name));
          if (unknown !== undefined) {
            ctx.addIssue({
              code: 'custom',
              message: announcementMessages.unknownPlaceholder(unknown),
            });
          }
        }),
    );
}

export const announcementContentSchema = z.strictObject({
  subject: announcementText(announcementMessages.subjectRequired, announcementLimits.subject),
  text: announcementText(announcementMessages.textRequired, announcementLimits.text),
});

/** POST /api/admin/announcements */
export const announcementRequestSchema = announcementContentSchema.extend({
  audience: z.enum(announcementAudiences, { error: announcementMessages.audience }),
  channels: z
    .array(z.enum(messageChannels, { error: announcementMessages.channels }), {
      error: announcementMessages.channels,
    })
    .min(1, announcementMessages.channels)
    .max(2, announcementMessages.channels),
});
export type AnnouncementRequest = z.output<typeof announcementRequestSchema>;

/** POST /api/admin/announcements/test: to the signed-in organizer's own address, by e-mail. */
export const announcementTestSchema = announcementContentSchema;

export const announcementCreatedSchema = z.object({
  id: z.string(),
  /** People it goes to (one message per person and channel). */
  recipients: z.number(),
});

/** Its messages per status, as the panel names them ('Na fila' holds those being sent). */
export const announcementCountsSchema = z.object({
  queued: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
});
export type AnnouncementCounts = z.output<typeof announcementCountsSchema>;

export const countLabels: Record<keyof AnnouncementCounts, string> = {
  queued: 'Na fila',
  sent: 'Enviado',
  delivered: 'Entregue',
  read: 'Lido',
  failed: 'Falhou',
};

export const announcementSchema = z.object({
  id: z.string(),
  audience: z.enum(announcementAudiences),
  subject: z.string(),
  text: z.string(),
  channels: z.array(z.enum(messageChannels)),
  recipients: z.number(),
  created_at: z.string(),
  /** Who sent it (the account's e-mail); null once that account is gone. */
  created_by: z.string().nullable(),
  counts: announcementCountsSchema,
});
export type Announcement = z.output<typeof announcementSchema>;

/** GET /api/admin/announcements/audience: how many each audience reaches now. */
export const audienceCountsSchema = z.object({
  counts: z.record(z.enum(announcementAudiences), z.number()),
  /** Whether the event has started: then 'Compareceram' and 'Não compareceram' exist. */
  afterEvent: z.boolean(),
  /** Channels an announcement can go by on this server (WhatsApp: with its template). */
  channels: z.array(z.enum(messageChannels)),
  /** The signed-in organizer's address, where 'Enviar teste' sends. */
  testAddress: z.string(),
});
export type AudienceCounts = z.output<typeof audienceCountsSchema>;

/** The person the preview and the test speak to: no one real. */
export const samplePerson = { nome: 'Maria da Silva' } as const;
