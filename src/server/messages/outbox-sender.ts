// The sender inside every server process: woken when messages are queued (this instance's commits,
// and on PostgreSQL every instance's, by NOTIFY) and on its schedule (wake-schedule.ts) for
// retries and lapsed claims. It claims due messages with a lease, has each composed from the
// registration as it is now (message-composition.ts), hands it to its provider, learns what the
// answer says of the channel (channel-health.ts) and records what came of it. See
// docs/decisions/0090.
import type { FastifyBaseLogger } from 'fastify';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { CertificateLinks } from '../certificates/certificate-links.ts';
import {
  composeAnnouncement,
  type AnnouncementContent,
} from '../announcements/announcement-composition.ts';
import { announcementContents } from '../announcements/announcements.repository.ts';
import type { Db } from '../db/database.ts';
import { channels, type PostgresListener } from '../db/postgres-listener.ts';
import { channelHealth, showChannelStates } from './channel-health.ts';
import type { DeliveryResult } from './delivery-result.ts';
import type { Mailer } from './email/smtp-mailer.ts';
import { composeMessage, type Recipient } from './message-composition.ts';
import { messageProviders } from './message-providers.ts';
import { recipientsOf } from './message-recipients.ts';
import { outboxClaims, type Claimed } from './outbox-claims.ts';
import { outcomeBatches } from './outcome-batches.ts';
import { releaseAllClaims, type MessageRow } from './outbox.repository.ts';
import { outcomeOf, type RetryPolicy } from './retry-policy.ts';
import { startWakeSchedule } from './wake-schedule.ts';
import type { WhatsappClient } from './whatsapp/whatsapp-client.ts';
import {
  sharedWhatsappPace,
  whatsappPace,
  whatsappPerWindow,
  whatsappWindowMs,
} from './whatsapp/whatsapp-pace.ts';

export interface OutboxSender {
  /** This instance just queued messages. Never throws. */
  poke(): void;
  close(): Promise<void>;
}

export interface SenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** An edition's settings: each message speaks of its registration's own edition. */
  settingsOf(editionId: string): Promise<EventSettings | undefined>;
  publicUrl: string;
  /** The certificate's file links, for its WhatsApp document header (decision 0238). */
  certificateLinks?: CertificateLinks;
  mailer?: Mailer;
  whatsapp?: WhatsappClient;
  listener?: PostgresListener;
  retry: RetryPolicy;
  /** How often to look without being woken: retries that came due, claims that lapsed. */
  pollMs?: number;
  /** A claim lapses after this long: then another sender may take the message. */
  leaseMs?: number;
  /** While a channel is paused, one message is tried this often to see whether it works again. */
  probeEveryMs?: number;
}

export async function startOutboxSender(options: SenderOptions): Promise<OutboxSender> {
  const { db, log, listener } = options;
  // Every instance sends from the same WhatsApp number: on PostgreSQL they share one pace.
  const pace =
    db.kind === 'postgres'
      ? sharedWhatsappPace(db.kysely, whatsappPerWindow, whatsappWindowMs)
      : whatsappPace(whatsappPerWindow, whatsappWindowMs);
  const providers = messageProviders(pace, options.mailer, options.whatsapp);
  const { configured } = providers;
  // SQLite has one server process: a claim left standing was cut short by its last crash. On
  // PostgreSQL another instance may hold it, so it is left to lapse.
  if (db.kind === 'sqlite' && configured.length > 0) {
    const released = await releaseAllClaims(db.kysely);
    if (released > 0) log.warn({ released }, 'messages claimed before a crash are queued again');
  }

  const inFlight = new Set<Promise<void>>();
  let pumping: Promise<void> | undefined;
  let wokenWhilePumping = false;
  let closed = false;
  const schedule = startWakeSchedule({ pollMs: options.pollMs ?? 5000, wake });
  const health = channelHealth({
    configured,
    probeEveryMs: options.probeEveryMs ?? 5 * 60_000,
    log,
    wakeAt: schedule.at,
  });
  const showOnPanel = showChannelStates(db.kysely, log);
  const claims = outboxClaims(db.kysely, health, options.leaseMs ?? 120_000);
  const record = outcomeBatches(db.kysely);

  /** The provider's request: an announcement carries what the organizer wrote (decision 0269). */
  function compose(
    message: MessageRow,
    recipient: Recipient | undefined,
    notices: Map<string, AnnouncementContent>,
  ) {
    if (message.kind !== 'announcement') {
      return composeMessage(message, recipient, options.publicUrl, options.certificateLinks);
    }
    const notice = notices.get(message.announcement_id ?? '');
    return composeAnnouncement(message, recipient, notice, options.publicUrl);
  }

  async function deliver(
    message: MessageRow,
    recipient: Recipient | undefined,
    probe: boolean,
    notices: Map<string, AnnouncementContent>,
  ) {
    let result: DeliveryResult;
    try {
      result = await providers.send(compose(message, recipient, notices));
    } catch (error) {
      log.error({ err: error, messageId: message.id }, 'building or sending a message failed');
      result = {
        kind: 'temporary',
        code: 'internal',
        message: 'Erro interno ao enviar; nova tentativa em breve.',
      };
    }
    const state = health.learn(message.channel, result, probe);
    const outcome = outcomeOf(options.retry, message, result);
    try {
      await record({ message, outcome });
    } finally {
      if (state) await showOnPanel(message.channel, state);
    }
    if (outcome.kind === 'retry') schedule.at(Date.parse(outcome.at));
    log.debug(
      { messageId: message.id, channel: message.channel, kind: message.kind, result: result.kind },
      'message attempt',
    );
  }

  async function pump() {
    while (!closed) {
      const batch: Claimed[] = [];
      let recipients: Map<string, Recipient>;
      let notices: Map<string, AnnouncementContent>;
      try {
        await claims.claimInto(batch);
        if (batch.length === 0) return;
        const ids = [...new Set(batch.map(({ message }) => message.registration_id))];
        recipients = await recipientsOf(db.kysely, ids, options.settingsOf, options.publicUrl);
        notices = await announcementContents(
          db.kysely,
          batch.map(({ message }) => message.announcement_id),
        );
      } catch (error) {
        // Not sent: their claims lapse and they are taken again; their slots are free now.
        for (const claimed of batch) {
          claims.done(claimed);
          if (claimed.probe) health.probeDropped(claimed.message.channel);
        }
        throw error;
      }
      for (const claimed of batch) {
        const { message, probe } = claimed;
        const task: Promise<void> = deliver(
          message,
          recipients.get(message.registration_id),
          probe,
          notices,
        )
          .catch((error: unknown) =>
            log.error({ err: error, messageId: message.id }, 'recording a message failed'),
          )
          .finally(() => {
            claims.done(claimed);
            inFlight.delete(task);
            wake();
          });
        inFlight.add(task);
      }
    }
  }

  function wake() {
    if (closed || configured.length === 0) return;
    if (pumping) {
      wokenWhilePumping = true;
      return;
    }
    pumping = pump()
      .catch((error: unknown) => log.error({ err: error }, 'claiming messages failed'))
      .finally(() => {
        pumping = undefined;
        if (wokenWhilePumping) {
          wokenWhilePumping = false;
          wake();
        }
      });
  }

  const unsubscribe = listener
    ? [listener.on(channels.outbox, wake), listener.onReconnected(wake)]
    : [];
  wake();

  return {
    poke: wake,
    async close() {
      closed = true;
      schedule.close();
      for (const stop of unsubscribe) stop();
      // Nothing new is claimed. A pass already claiming ends first: what it took is sent and
      // recorded with the sends in flight, before the database closes.
      await pumping;
      await Promise.allSettled([...inFlight]);
      providers.close();
    },
  };
}
