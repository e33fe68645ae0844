// The messages that reach people by themselves (e-mail, WhatsApp) as the API serves them, and the
// bulk confirmation's request and answer. The server writes these shapes; the panel parses them.
import { z } from 'zod';

export const messageChannels = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * 'received' when a registration arrives (or joins the waiting list); 'ticket' when it is
 * confirmed; 'cancelled' when it is cancelled (a short confirmation, by e-mail); 'certificate'
 * when its certificate of attendance is issued (issue 36.4); 'announcement' for the organizer's
 * news to the people registered ('Avisar inscritos', issue 35.4).
 */
export const messageKinds = [
  'received',
  'ticket',
  'cancelled',
  'certificate',
  // Before the event, to everyone confirmed (issue 35.1); a seat offered off the waiting list in
  // approval mode (issue 35.3).
  'reminder',
  'seat',
  'announcement',
  // 'Não poderei ir' answered on WhatsApp: 'Tem certeza?' with its two reply buttons, a session
  // message (issue 35.2, decision 0280).
  'cancel_check',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/**
 * Where a message is, in the order it can only move forward: queued (or waiting for a retry),
 * sending (claimed by a sender), sent (the provider took it), delivered, read; failed is final.
 */
export const messageStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const messageErrorSchema = z.object({ code: z.string(), message: z.string() });
export type MessageError = z.output<typeof messageErrorSchema>;

/** GET /api/admin/registrations/:id/messages: one of these per message, oldest first. */
export const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(messageChannels),
  kind: z.enum(messageKinds),
  status: z.enum(messageStatuses),
  attempts: z.number(),
  error: messageErrorSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Message = z.output<typeof messageSchema>;

/** Each channel's newest message, carried on every registration the panel sees. */
export const deliveryStateSchema = z.object({
  kind: z.enum(messageKinds),
  status: z.enum(messageStatuses),
  error: messageErrorSchema.nullable(),
});
export type DeliveryState = z.output<typeof deliveryStateSchema>;

export const deliverySchema = z.object({
  email: deliveryStateSchema.optional(),
  whatsapp: deliveryStateSchema.optional(),
});
export type Delivery = z.output<typeof deliverySchema>;

type Resendable = Exclude<MessageKind, 'announcement' | 'cancel_check'>;

/**
 * A person's own messages, which a copy can be queued of (an announcement is sent once; the 'Tem
 * certeza?' answers a reply, and WhatsApp takes it only within 24 hours of it).
 */
export const resendableKinds = messageKinds.filter(
  (kind): kind is Resendable => kind !== 'announcement' && kind !== 'cancel_check',
) as [Resendable, ...Resendable[]];

export function isResendable(kind: MessageKind): kind is Resendable {
  return (resendableKinds as readonly MessageKind[]).includes(kind);
}

/** POST /api/admin/registrations/:id/messages: queue a new copy. */
export const resendRequestSchema = z.strictObject({
  channel: z.enum(messageChannels, { error: 'Escolha o canal: email ou whatsapp.' }),
  kind: z.enum(resendableKinds, { error: 'Escolha a mensagem: received ou ticket.' }),
});
export type ResendRequest = z.output<typeof resendRequestSchema>;

/** At most this many ids in one bulk confirmation. */
export const bulkConfirmLimit = 5000;

/** Bytes a bulk request may take: the ids with room to spare (the site's default is 16 KB). */
export const bulkBodyLimit = 64 * bulkConfirmLimit;

function idsSchema(tooMany: string) {
  return z
    .array(z.string().max(64), { error: 'Envie a lista de inscrições (ids).' })
    .min(1, 'Selecione ao menos uma inscrição.')
    .max(bulkConfirmLimit, tooMany);
}

/** POST /api/admin/registrations/confirm */
export const bulkConfirmRequestSchema = z.strictObject({
  ids: idsSchema(`Confirme no máximo ${bulkConfirmLimit} inscrições de uma vez.`),
});

/** POST /api/admin/registrations/resend: the same list, as many at once. */
export const bulkResendRequestSchema = z.strictObject({
  ids: idsSchema(`Reenvie as mensagens de no máximo ${bulkConfirmLimit} inscrições de uma vez.`),
});

export const bulkConfirmResultSchema = z.object({
  confirmed: z.number(),
  already_confirmed: z.number(),
  not_found: z.number(),
  /** Refused: of a past edition, read-only (error `past_edition` for one). */
  past_edition: z.number(),
  /** Refused: no seat left (error `capacity_reached` for one; decision 0130). */
  capacity_reached: z.number(),
  /** Not confirmed: cancelled (restore them one by one). */
  cancelled: z.number(),
  /**
   * Only when a batch failed after others committed (decision 0171): how many were left as they
   * were, and why, in pt-BR.
   */
  failed: z.number().optional(),
  failure: z.string().optional(),
});
export type BulkConfirmResult = z.output<typeof bulkConfirmResultSchema>;

/** POST /api/admin/registrations/resend (the same request as the bulk confirmation). */
export const bulkResendResultSchema = z.object({
  /** New copies of failed messages, queued. */
  queued: z.number(),
  /** Registrations refused: of a past edition, read-only. */
  past_edition: z.number(),
});
export type BulkResendResult = z.output<typeof bulkResendResultSchema>;

/** GET /api/admin/messaging: which channels send by themselves, and which are paused. */
export const channelStateSchema = z.object({
  configured: z.boolean(),
  /** Set while the provider refuses our credentials: sending waits instead of piling retries. */
  paused: z.object({ message: z.string(), since: z.string() }).nullable(),
  /**
   * Messages waiting for another try after a temporary failure (an SMTP server that cannot be
   * reached, a rate limit), and the newest one's reason in pt-BR; null when none waits.
   */
  retrying: z.object({ count: z.number(), message: z.string() }).nullable(),
});
export const messagingStateSchema = z.object({
  email: channelStateSchema,
  whatsapp: channelStateSchema,
});
export type MessagingState = z.output<typeof messagingStateSchema>;
