// Meta's webhook for the WhatsApp Business account: the verification handshake (GET), and (POST)
// the delivery statuses of the messages we sent and the people's replies to their buttons
// (decision 0280), accepted only when signed with the app secret over the exact bytes received.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorTable } from '../../../shared/api-error.ts';
import { api } from '../../../shared/paths.ts';
import { audiences } from '../../audience.ts';
import { sendError } from '../../http-errors.ts';
import { routeSchema } from '../../route-schema.ts';
import { applyProviderStatus } from '../provider-status.repository.ts';
import { reportedFailure } from './whatsapp-client.ts';
import { statusReportsIn, type StatusReport } from './whatsapp-status-reports.ts';
import { incomingRepliesIn } from './whatsapp-incoming.ts';
import { replyAnswerer } from '../../replies/reply-retries.ts';

/** `sha256=` and the HMAC-SHA256 of the body, compared in constant time. */
export function validSignature(body: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether Meta's verify token is ours, in constant time. Compared as SHA-256 digests, always 32
 * bytes: a token as long as ours in characters but not in bytes (`é…`) made timingSafeEqual throw.
 */
export function isVerifyToken(given: unknown, verifyToken: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(verifyToken));
}

/**
 * Meta's report can overtake the answer to our own send (its webhook and our request race), so a
 * report for a message id nobody has recorded yet is tried again after these waits, then dropped:
 * an id that stays unknown is a message sent from elsewhere with the same number.
 */
const unknownIdRetriesMs = [1_000, 5_000, 30_000];

export async function whatsappWebhookRoutes(app: FastifyInstance) {
  const forMeta = { config: { audience: audiences.public } };
  const { appSecret, verifyToken } = app.config.whatsapp ?? {};

  const answerReply = replyAnswerer(app);
  const retries = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of retries) clearTimeout(timer);
    retries.clear();
  });

  /** Records one report (one that moves a message forward wakes the panels at its commit). */
  async function record(report: StatusReport, attempt = 0) {
    const { id, status, error } = report;
    try {
      const result = await applyProviderStatus(
        app.db.kysely,
        'whatsapp',
        id,
        status,
        error && reportedFailure(error),
      );
      const wait = unknownIdRetriesMs[attempt];
      if (result === 'unknown' && wait !== undefined) {
        const timer = setTimeout(() => {
          retries.delete(timer);
          void record(report, attempt + 1);
        }, wait);
        timer.unref();
        retries.add(timer);
      }
    } catch (err) {
      app.log.error({ err }, 'recording a WhatsApp status failed');
    }
  }

  app.get<{ Querystring: Record<string, string | undefined> }>(
    api.whatsappWebhook,
    {
      ...forMeta,
      // Meta's query, whatever its shape, gets Meta's answers: read by the handler itself.
      attachValidation: true,
      schema: routeSchema({
        summary: "Meta's verification handshake for the WhatsApp webhook",
        querystring: z.object({
          'hub.mode': z.literal('subscribe').optional(),
          'hub.verify_token': z.string().optional().describe('WHATSAPP_VERIFY_TOKEN.'),
          'hub.challenge': z.string().optional(),
        }),
        response: {
          200: {
            description: '`hub.challenge`, as Meta sent it.',
            content: { 'text/plain': { schema: z.string() } },
          },
        },
        errors: [errorTable.webhookOff, errorTable.badVerifyToken],
      }),
    },
    async (request, reply) => {
      const query = request.query;
      if (!verifyToken) return sendError(reply, errorTable.webhookOff);
      if (
        query['hub.mode'] === 'subscribe' &&
        isVerifyToken(query['hub.verify_token'], verifyToken)
      ) {
        return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
      }
      return sendError(reply, errorTable.badVerifyToken);
    },
  );

  // The signature covers the raw bytes: this route reads them before any JSON parsing.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      api.whatsappWebhook,
      {
        ...forMeta,
        bodyLimit: 1024 * 1024,
        schema: routeSchema({
          summary: "Meta's delivery statuses of the WhatsApp messages sent, and the replies",
          description:
            "The body is Meta's webhook payload, signed over its exact bytes with the app secret " +
            '(`X-Hub-Signature-256`); its well-formed statuses, and the button replies to our ' +
            'reminders and tickets (`messages` whose `context.id` is ours), are applied after the ' +
            'answer, each reply once by its id; anything else in it is skipped.',
          headers: z.object({
            'x-hub-signature-256': z
              .string()
              .optional()
              .describe('`sha256=` and the HMAC-SHA256 of the body with WHATSAPP_APP_SECRET.'),
          }),
          response: { 200: z.object({ ok: z.literal(true) }) },
          errors: [
            errorTable.webhookOff,
            errorTable.badSignature,
            errorTable.badJson,
            errorTable.bodyTooLarge,
          ],
        }),
      },
      async (request, reply) => {
        if (!appSecret) return sendError(reply, errorTable.webhookOff);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!validSignature(body, request.headers['x-hub-signature-256'], appSecret)) {
          return sendError(reply, errorTable.badSignature);
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          return sendError(reply, errorTable.badJson);
        }
        // Meta wants its 200 at once; the statuses are applied right after.
        void reply.code(200).send({ ok: true });
        for (const report of statusReportsIn(parsed)) await record(report);
        for (const incoming of incomingRepliesIn(parsed)) await answerReply(incoming);
        return reply;
      },
    );
  });
}
