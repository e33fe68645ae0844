// The organizer's view of the messages: each registration's, a new copy of one, the failed ones
// again in bulk, and whether each channel is on. Admins only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import type { Database } from '../db/schema.ts';
import {
  bulkBodyLimit,
  bulkResendRequestSchema,
  bulkResendResultSchema,
  messageChannels,
  messageSchema,
  messagingStateSchema,
  resendRequestSchema,
  type BulkResendResult,
  type MessageChannel,
  type MessagingState,
} from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { recordResends } from '../audit/audit.repository.ts';
import { holdCurrentEdition } from '../db/current-edition.ts';
import { sendError } from '../http-errors.ts';
import { logChange } from '../live/live-changes.repository.ts';
import { requireUuid } from '../registrations/uuid.ts';
import { idParams, routeSchema } from '../route-schema.ts';
import { messagesOf } from './message-reads.repository.ts';
import { queueMessages, type NewMessage } from './outbox.repository.ts';
import { channelPauses } from './sending-pauses.repository.ts';

/**
 * Per channel, the messages waiting for another try after a temporary failure, and the newest
 * one's reason: an SMTP server that cannot be reached is not a pause (it never refused our
 * credentials), and without this the panel showed nothing but 'Na fila' for a day. The queue's
 * index (status first) finds them: few rows wait normally.
 */
async function waitingForRetry(
  db: Kysely<Database>,
): Promise<Map<MessageChannel, { count: number; message: string }>> {
  const waiting = () =>
    db.selectFrom('messages').where('status', '=', 'queued').where('error_code', 'is not', null);
  const [counts, newest] = await Promise.all([
    waiting()
      .select(['channel', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('channel')
      .execute(),
    Promise.all(
      messageChannels.map((channel) =>
        waiting()
          .select(['channel', 'error_message'])
          .where('channel', '=', channel)
          .orderBy('updated_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ),
    ),
  ]);
  const retrying = new Map<MessageChannel, { count: number; message: string }>();
  for (const row of newest) {
    const count = Number(counts.find((c) => c.channel === row?.channel)?.count ?? 0);
    if (row && count > 0) retrying.set(row.channel, { count, message: row.error_message ?? '' });
  }
  return retrying;
}

export async function messagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const forAdmins = { config: { audience: audiences.admin } };
  const db = app.db.kysely;
  const configured = new Set(app.messagePlan.ticket);

  app.get(
    api.adminMessages,
    {
      ...forAdmins,
      onRequest: requireUuid,
      schema: routeSchema({
        summary: "A registration's messages (e-mail, WhatsApp), oldest first",
        params: idParams,
        response: { 200: z.array(messageSchema) },
        errors: [errorTable.notFound],
      }),
    },
    async (request, reply) => {
      const exists = await db
        .selectFrom('registrations')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!exists) return sendError(reply, errorTable.notFound);
      return messagesOf(db, request.params.id);
    },
  );

  app.post(
    api.adminMessages,
    {
      ...forAdmins,
      onRequest: requireUuid,
      schema: routeSchema({
        summary: 'Queue a new copy of one of its messages, by one channel',
        params: idParams,
        body: resendRequestSchema,
        response: { 202: messageSchema.describe('The copy, queued.') },
        errors: [
          errorTable.channelOff,
          errorTable.notOnChannel,
          errorTable.notFound,
          errorTable.pastEdition,
          errorTable.notConfirmed,
        ],
      }),
    },
    async (request, reply) => {
      const wanted = request.body;
      if (!configured.has(wanted.channel)) return sendError(reply, errorTable.channelOff);
      // On, but this message never goes by it (WhatsApp: the ticket's template only).
      if (!app.messagePlan[wanted.kind].includes(wanted.channel)) {
        return sendError(reply, errorTable.notOnChannel);
      }
      const actor = actorOf(request);
      const id = request.params.id;
      const answer = await db.transaction().execute(async (trx) => {
        // Decided with the current edition held: none can start until this commits.
        await holdCurrentEdition(trx);
        const row = await trx
          .selectFrom('registrations')
          .innerJoin('events', 'events.id', 'registrations.event_id')
          .select(['registrations.status', 'events.is_current'])
          .where('registrations.id', '=', id)
          .executeTakeFirst();
        if (!row) return 'not_found' as const;
        if (Number(row.is_current) !== 1) return 'past_edition' as const;
        if (wanted.kind === 'ticket' && row.status !== 'confirmed') return 'not_confirmed' as const;
        await queueMessages(trx, [{ registrationId: id, ...wanted }]);
        await recordResends(trx, [{ registrationId: id, ...wanted }], actor);
        await logChange(trx, 'updated', id);
        return 'queued' as const;
      });
      if (answer === 'not_found') return sendError(reply, errorTable.notFound);
      if (answer === 'past_edition') return sendError(reply, errorTable.pastEdition);
      if (answer === 'not_confirmed') {
        return sendError(reply, errorTable.notConfirmed);
      }
      const messages = await messagesOf(db, id);
      // The copy just queued: the newest.
      return reply.code(202).send(messages.at(-1)!);
    },
  );

  // The failed ones again: for each selected registration, a new copy of each channel's newest
  // message when that one failed. Those of a past edition are refused, and counted.
  app.post(
    api.adminBulkResend,
    {
      ...forAdmins,
      bodyLimit: bulkBodyLimit,
      schema: routeSchema({
        summary: "Queue a new copy of each selected registration's failed messages",
        description:
          "For each registration, each channel's newest message when it failed; a past " +
          "edition's registrations are refused and counted.",
        body: bulkResendRequestSchema,
        response: { 200: bulkResendResultSchema },
      }),
    },
    async (request) => {
      const body = request.body;
      const ids = [...new Set(body.ids)];
      const actor = actorOf(request);
      const result: BulkResendResult = { queued: 0, past_edition: 0 };
      for (let start = 0; start < ids.length; start += 500) {
        const batch = ids.slice(start, start + 500);
        await db.transaction().execute(async (trx) => {
          await holdCurrentEdition(trx);
          const stored = await trx
            .selectFrom('registrations')
            .innerJoin('events', 'events.id', 'registrations.event_id')
            .select(['registrations.id', 'events.is_current'])
            .where('registrations.id', 'in', batch)
            .execute();
          const current = stored.filter((r) => Number(r.is_current) === 1).map((r) => r.id);
          result.past_edition += stored.length - current.length;
          if (current.length === 0) return;
          const newest = await trx
            .selectFrom('messages as m')
            .select(['m.registration_id', 'm.channel', 'm.kind', 'm.status'])
            .where('m.registration_id', 'in', current)
            // What the card shows, and resends: the person's own messages (decision 0269).
            .where('m.kind', '!=', 'announcement')
            .where(({ eb, selectFrom }) =>
              eb(
                'm.created_at',
                '=',
                selectFrom('messages as n')
                  .select(sql<string>`max(n.created_at)`.as('t'))
                  .whereRef('n.registration_id', '=', 'm.registration_id')
                  .whereRef('n.channel', '=', 'm.channel')
                  .where('n.kind', '!=', 'announcement'),
              ),
            )
            .execute();
          // One copy per registration and channel, even if two messages share a timestamp.
          const failed = new Map<string, NewMessage>();
          for (const m of newest) {
            if (m.status !== 'failed' || !configured.has(m.channel)) continue;
            const copy = { registrationId: m.registration_id, channel: m.channel, kind: m.kind };
            failed.set(`${m.registration_id} ${m.channel}`, copy);
          }
          const copies = [...failed.values()];
          await queueMessages(trx, copies);
          await recordResends(trx, copies, actor);
          for (const registrationId of new Set(copies.map((m) => m.registrationId))) {
            await logChange(trx, 'updated', registrationId);
          }
          result.queued += copies.length;
        });
      }
      return result;
    },
  );

  app.get(
    api.adminMessaging,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: 'Which channels send by themselves, and whether one is paused or retrying',
        response: { 200: messagingStateSchema },
      }),
    },
    async (): Promise<MessagingState> => {
      const [pauses, retrying] = await Promise.all([channelPauses(db), waitingForRetry(db)]);
      const state = (channel: (typeof messageChannels)[number]) => ({
        configured: configured.has(channel),
        paused: (configured.has(channel) && pauses.get(channel)) || null,
        retrying: (configured.has(channel) && retrying.get(channel)) || null,
      });
      return { email: state('email'), whatsapp: state('whatsapp') };
    },
  );
}
