// Meta's webhook for the WhatsApp Business account: the verification handshake (GET) and the
// delivery statuses of the messages we sent (POST), accepted only when signed with the app
// secret over the exact bytes received.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorTable } from '../../../shared/api-error.ts';
import { api } from '../../../shared/paths.ts';
import { audiences } from '../../audience.ts';
import { sendError } from '../../http-errors.ts';
import { applyProviderStatus } from '../provider-status.repository.ts';
import { reportedFailure, type ReportedError } from './whatsapp-client.ts';

interface StatusReport {
  id?: unknown;
  status?: unknown;
  errors?: ReportedError[];
}

interface WebhookBody {
  entry?: Array<{ changes?: Array<{ value?: { statuses?: StatusReport[] } }> }>;
}

const reported = new Set(['sent', 'delivered', 'read', 'failed'] as const);
type Reported = 'sent' | 'delivered' | 'read' | 'failed';

/** `sha256=` and the HMAC-SHA256 of the body, compared in constant time. */
export function validSignature(body: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Meta's report can overtake the answer to our own send (its webhook and our request race), so a
 * report for a message id nobody has recorded yet is tried again after these waits, then dropped:
 * an id that stays unknown is a message sent from elsewhere with the same number.
 */
const unknownIdRetriesMs = [1_000, 5_000, 30_000];

function statusesOf(body: WebhookBody): StatusReport[] {
  return (body.entry ?? []).flatMap((entry) =>
    (entry.changes ?? []).flatMap((change) => change.value?.statuses ?? []),
  );
}

export async function whatsappWebhookRoutes(app: FastifyInstance) {
  const forMeta = { config: { audience: audiences.public } };
  const { appSecret, verifyToken } = app.config.whatsapp ?? {};

  const retries = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of retries) clearTimeout(timer);
    retries.clear();
  });

  /** Records one report (one that moves a message forward wakes the panels at its commit). */
  async function record(id: string, status: Reported, report: StatusReport, attempt = 0) {
    const error = report.errors?.[0];
    try {
      const result = await applyProviderStatus(
        app.db.kysely,
        id,
        status,
        error && reportedFailure(error),
      );
      const wait = unknownIdRetriesMs[attempt];
      if (result === 'unknown' && wait !== undefined) {
        const timer = setTimeout(() => {
          retries.delete(timer);
          void record(id, status, report, attempt + 1);
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
    forMeta,
    async (request, reply) => {
      const query = request.query;
      if (!verifyToken) return sendError(reply, errorTable.webhookOff);
      if (
        query['hub.mode'] === 'subscribe' &&
        typeof query['hub.verify_token'] === 'string' &&
        query['hub.verify_token'].length === verifyToken.length &&
        timingSafeEqual(Buffer.from(query['hub.verify_token']), Buffer.from(verifyToken))
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
      { ...forMeta, bodyLimit: 1024 * 1024 },
      async (request, reply) => {
        if (!appSecret) return sendError(reply, errorTable.webhookOff);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!validSignature(body, request.headers['x-hub-signature-256'], appSecret)) {
          return sendError(reply, errorTable.badSignature);
        }
        let parsed: WebhookBody;
        try {
          parsed = JSON.parse(body.toString('utf8')) as WebhookBody;
        } catch {
          return sendError(reply, errorTable.badJson);
        }
        // Meta wants its 200 at once; the statuses are applied right after.
        void reply.code(200).send({ ok: true });
        for (const report of statusesOf(parsed)) {
          if (typeof report.id !== 'string' || !reported.has(report.status as Reported)) continue;
          await record(report.id, report.status as Reported, report);
        }
        return reply;
      },
    );
  });
}
