// The outbox's sender in this process (messages/outbox-sender.ts), and which messages each change
// queues. Every commit that queued messages wakes it (db/commit-wakes.ts, decision 0186); on
// PostgreSQL the other instances hear of them by a NOTIFY sent then (db/postgres-listener.ts,
// decision 0109).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { channels } from '../db/postgres-listener.ts';
import { createMailer } from '../messages/email/smtp-mailer.ts';
import { messagePlan, type MessagePlan } from '../messages/message-plan.ts';
import { startOutboxSender, type OutboxSender } from '../messages/outbox-sender.ts';
import { createWhatsappClient } from '../messages/whatsapp/whatsapp-client.ts';
import { defaultRetryPolicy } from '../messages/retry-policy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxSender;
    messagePlan: MessagePlan;
  }
}

async function outbox(app: FastifyInstance) {
  const { config } = app;
  app.decorate('messagePlan', messagePlan(config));
  let sender: OutboxSender | undefined;
  // Without a configured channel nothing is ever queued: nothing to tell.
  const queues = app.messagePlan.ticket.length > 0 || app.messagePlan.received.length > 0;
  const poke = () => {
    sender?.poke();
    if (queues) app.postgresListener?.announce(channels.outbox);
  };
  app.decorate('outbox', { poke, close: async () => sender?.close() });
  const unsubscribe = app.db.wakes.on('outbox', poke);
  app.addHook('onReady', async () => {
    sender = await startOutboxSender({
      db: app.db,
      log: app.log,
      settingsOf: (id) => app.editions.settingsOf(id),
      publicUrl: config.publicUrl,
      certificateLinks: app.certificateLinks,
      mailer: config.mail && createMailer(config.mail, new URL(config.publicUrl).hostname),
      whatsapp: config.whatsapp && createWhatsappClient(config.whatsapp),
      listener: app.postgresListener,
      retry: config.outboxRetry ?? defaultRetryPolicy,
      probeEveryMs: config.outboxRetry?.pausedProbeMs,
    });
  });
  // Before the database closes (app.ts closes it in an earlier-registered onClose hook).
  app.addHook('onClose', async () => {
    unsubscribe();
    await sender?.close();
  });
}

export default fp(outbox, { name: 'outbox' });
