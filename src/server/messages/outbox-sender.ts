// The sender inside every server process: woken when messages are queued (this instance's commits,
// and on PostgreSQL every instance's, by NOTIFY) and every few seconds for retries and lapsed
// claims. It claims due messages with a lease, builds each body from the registration as it is
// now, hands it to its provider, and records what came of it. See docs/decisions/0090.
import type { FastifyBaseLogger } from 'fastify';
import { formatEventDate, formatEventTime, type EventConfig } from '../../shared/event.ts';
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import type { Db } from '../db/database.ts';
import { channels, type PostgresListener } from '../db/postgres-listener.ts';
import { overtaken } from '../registrations/cancellation.repository.ts';
import { findWithEditions } from '../registrations/registration-reads.repository.ts';
import { ticketCalendarFile } from '../tickets/event-calendar.ts';
import { qrCodePng } from '../tickets/ticket-qr.ts';
import { attendeePageUrl, ticketPageUrl } from '../../shared/paths.ts';
import type { DeliveryResult } from './delivery-result.ts';
import { cancelledEmail, qrContentId, receivedEmail, ticketEmail } from './email/email-bodies.ts';
import { mailConnections, type Mailer } from './email/smtp-mailer.ts';
import {
  claimDueMessages,
  pauseChannel,
  recordOutcomes,
  releaseAllClaims,
  resumeChannel,
  type MessageRow,
  type Outcome,
} from './messages.repository.ts';
import { nextAttemptAt, type RetryPolicy } from './retry-policy.ts';
import { whatsappConcurrency, type WhatsappClient } from './whatsapp/whatsapp-client.ts';

export interface OutboxSender {
  /** This instance just queued messages. Never throws. */
  poke(): void;
  close(): Promise<void>;
}

export interface SenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** An edition's settings: each message speaks of its registration's own edition. */
  settingsOf(editionId: string): Promise<EventConfig | undefined>;
  publicUrl: string;
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
  /**
   * After outcomes were written (with their live changes): the panels' live hub must look, since
   * on SQLite nothing else wakes it for this process's own commits.
   */
  onRecorded?(): void;
}

/** Whom a message goes to, and the edition it speaks of. */
interface Recipient {
  registration: Registration;
  event: EventConfig;
  /** Their own page's absolute address (decision 0130); undefined for a row without a token. */
  personalUrl: string | undefined;
  /** Its token alone: the WhatsApp template's second button takes it (decision 0145). */
  personalToken: string | undefined;
}

const noAddress = {
  kind: 'unsendable',
  code: 'no_ticket',
  message: 'A inscrição não tem ingresso.',
} as const;

/** How often the log repeats that a channel's messages wait for another try, for one reason. */
const retryWarningEveryMs = 5 * 60_000;

const revoked = {
  kind: 'unsendable',
  code: 'cancelled',
  message: 'Inscrição cancelada.',
} as const;

export async function startOutboxSender(options: SenderOptions): Promise<OutboxSender> {
  const { db, log, settingsOf, publicUrl, mailer, whatsapp, listener, retry } = options;
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? 120_000;
  const probeEveryMs = options.probeEveryMs ?? 5 * 60_000;
  const configured: MessageChannel[] = [
    ...(mailer ? (['email'] as const) : []),
    ...(whatsapp ? (['whatsapp'] as const) : []),
  ];
  /** Messages each channel sends at once. */
  const slots: Record<MessageChannel, number> = {
    email: mailConnections,
    whatsapp: whatsappConcurrency,
  };
  /** Messages claimed and not yet recorded, by channel. */
  const busy: Record<MessageChannel, number> = { email: 0, whatsapp: 0 };
  /** Paused channels, by when they may be tried again. */
  const paused = new Map<MessageChannel, number>();
  /** Channels whose pause the panel may still show (another instance's, or an older run's). */
  const maybeShownPaused = new Set<MessageChannel>(configured);
  const inFlight = new Set<Promise<void>>();
  /**
   * Wake-ups asked for (a retry's, a probe's), sooner than the next poll, each kept until it has
   * come; one timer, set for the soonest.
   */
  const wakeTimes = new Set<number>();
  let wakeAt: { at: number; timer: NodeJS.Timeout } | undefined;
  const wakeGrainMs = 100;
  let pumping: Promise<void> | undefined;
  let wokenWhilePumping = false;
  let closed = false;

  /** Channels sending freely: configured and not paused. */
  function openChannels(): MessageChannel[] {
    return configured.filter((channel) => !paused.has(channel));
  }

  /** Paused channels whose next try has come, with none in flight: each gets one message. */
  const probing = new Set<MessageChannel>();
  function channelsToProbe(): MessageChannel[] {
    const now = Date.now();
    return configured.filter(
      (channel) => (paused.get(channel) ?? Infinity) <= now && !probing.has(channel),
    );
  }

  async function attempt(
    message: MessageRow,
    recipient: Recipient | undefined,
  ): Promise<DeliveryResult> {
    // Deleted meanwhile: its messages went with it, and the outcome will change nothing.
    if (!recipient) return { kind: 'unsendable', code: 'gone', message: 'Inscrição removida.' };
    const { registration, event, personalUrl, personalToken } = recipient;
    // Cancelled before its ticket left: the ticket is revoked, it does not go.
    if (message.kind === 'ticket' && registration.status === 'cancelled') return revoked;
    // Restored before its cancellation's e-mail left: the person is confirmed, it does not go.
    if (message.kind === 'cancelled' && registration.status !== 'cancelled') {
      return { kind: 'unsendable', ...overtaken.cancelled };
    }
    const code = registration.ticket_code;
    if (message.channel === 'email') {
      if (message.kind === 'received') {
        return mailer!.send({
          messageId: message.id,
          to: registration.email,
          ...receivedEmail(registration, event, personalUrl),
        });
      }
      if (message.kind === 'cancelled') {
        return mailer!.send({
          messageId: message.id,
          to: registration.email,
          ...cancelledEmail(registration, event, personalUrl),
        });
      }
      if (!code) return noAddress;
      return mailer!.send({
        messageId: message.id,
        to: registration.email,
        ...ticketEmail({ ...registration, ticket_code: code }, event, publicUrl, personalUrl),
        attachments: [
          {
            filename: 'ingresso-qr.png',
            content: qrCodePng(ticketPageUrl(publicUrl, code)),
            contentType: 'image/png',
            cid: qrContentId,
          },
          {
            filename: 'evento.ics',
            content: ticketCalendarFile(event, publicUrl, code),
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ],
      });
    }
    if (message.kind !== 'ticket' || !code) return noAddress;
    return whatsapp!.sendTicket({
      to: registration.whatsapp,
      name: registration.nome_completo,
      eventName: event.name,
      dateTime: `${formatEventDate(event)}, às ${formatEventTime(event)}`,
      ticketCode: code,
      personalToken,
    });
  }

  function outcomeOf(message: MessageRow, result: DeliveryResult): Outcome {
    switch (result.kind) {
      case 'accepted':
        return { kind: 'sent', providerId: result.providerId };
      case 'permanent':
      case 'unsendable':
        return { kind: 'failed', code: result.code, message: result.message };
      case 'credentials':
        return { kind: 'released' };
      case 'temporary': {
        const at = nextAttemptAt(retry, Number(message.attempts), message.created_at);
        if (at) return { kind: 'retry', at, code: result.code, message: result.message };
        return {
          kind: 'failed',
          code: result.code,
          message: `Sem sucesso em 24 horas de tentativas. Último motivo: ${result.message}`,
        };
      }
    }
  }

  // Outcomes that finish together are written together: one transaction (one sync on SQLite) for
  // a burst of sends instead of one each.
  let pending: Array<{ message: MessageRow; outcome: Outcome }> = [];
  let writing: Promise<void> | undefined;
  function record(entry: { message: MessageRow; outcome: Outcome }): Promise<void> {
    pending.push(entry);
    writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const batch = pending;
      pending = [];
      writing = undefined;
      await recordOutcomes(db.kysely, batch);
      options.onRecorded?.();
    });
    return writing;
  }

  function wakeLater(at: number) {
    // A time past the next poll is left to the poll (a poll comes within pollMs of it), and times
    // are rounded up to a grain: the set stays small whatever a burst of retries asks for.
    if (closed || at >= Date.now() + pollMs) return;
    wakeTimes.add(Math.ceil(at / wakeGrainMs) * wakeGrainMs);
    setWakeTimer();
  }

  function setWakeTimer() {
    let at = Infinity;
    for (const time of wakeTimes) at = Math.min(at, time);
    if (at === Infinity || (wakeAt && wakeAt.at <= at)) return;
    if (wakeAt) clearTimeout(wakeAt.timer);
    const timer = setTimeout(
      () => {
        wakeAt = undefined;
        const now = Date.now();
        for (const time of wakeTimes) if (time <= now) wakeTimes.delete(time);
        wake();
        setWakeTimer();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    wakeAt = { at, timer };
  }

  // The panel's line for a paused channel, written in the order the sends learnt it (one write
  // after another per channel: on PostgreSQL's pool a resume could otherwise commit before the
  // pause it follows). A failed write is logged: the message's own outcome is already recorded.
  const panelWrites: Record<MessageChannel, Promise<void>> = {
    email: Promise.resolve(),
    whatsapp: Promise.resolve(),
  };
  function showOnPanel(channel: MessageChannel, write: () => Promise<unknown>): Promise<void> {
    panelWrites[channel] = panelWrites[channel].then(write).then(
      () => undefined,
      (error: unknown) => log.error({ err: error, channel }, 'showing the channel state failed'),
    );
    return panelWrites[channel];
  }

  // A wrong SMTP host or a provider down shows on each card ('Na fila', the last reason); the
  // operator reads the log: one line per channel and reason every few minutes, not one a message.
  const retryWarnedAt = new Map<string, number>();
  function warnRetrying(channel: MessageChannel, result: DeliveryResult & { kind: 'temporary' }) {
    const key = `${channel} ${result.code}`;
    const now = Date.now();
    if (now - (retryWarnedAt.get(key) ?? -Infinity) < retryWarningEveryMs) return;
    retryWarnedAt.set(key, now);
    log.warn(
      { channel, code: result.code },
      `${channel} messages wait for another try: ${result.message}`,
    );
  }

  /**
   * What a result tells of the channel itself, applied at once in memory (no further claims for a
   * paused channel); returns the panel's write it calls for, if any.
   */
  function learn(
    channel: MessageChannel,
    result: DeliveryResult,
    probe: boolean,
  ): (() => Promise<unknown>) | undefined {
    switch (result.kind) {
      case 'credentials': {
        const first = !paused.has(channel);
        paused.set(channel, Date.now() + probeEveryMs);
        wakeLater(Date.now() + probeEveryMs);
        maybeShownPaused.add(channel);
        if (first) {
          log.warn(
            { channel, code: result.code },
            `${channel} sending paused: the provider refused our credentials or our account`,
          );
        }
        return () => pauseChannel(db.kysely, channel, result.message);
      }
      case 'unsendable':
        // The provider was not asked: a paused channel is probed again with the next message.
        return undefined;
      case 'temporary':
        warnRetrying(channel, result);
        // The provider did not say whether our credentials work: a paused channel stays so.
        if (probe) {
          paused.set(channel, Date.now() + probeEveryMs);
          wakeLater(Date.now() + probeEveryMs);
        }
        return undefined;
      case 'accepted':
      case 'permanent':
        // Accepted, or refused for the message's own sake: our credentials work again.
        paused.delete(channel);
        if (!maybeShownPaused.delete(channel)) return undefined;
        log.info({ channel }, `${channel} sending works`);
        return () => resumeChannel(db.kysely, channel);
    }
  }

  async function deliver(message: MessageRow, recipient: Recipient | undefined, probe: boolean) {
    const channel = message.channel;
    let result: DeliveryResult;
    try {
      result = await attempt(message, recipient);
    } catch (error) {
      log.error({ err: error, messageId: message.id }, 'building or sending a message failed');
      result = {
        kind: 'temporary',
        code: 'internal',
        message: 'Erro interno ao enviar; nova tentativa em breve.',
      };
    }
    if (probe) probing.delete(channel);
    const panelWrite = learn(channel, result, probe);
    const outcome = outcomeOf(message, result);
    try {
      await record({ message, outcome });
    } finally {
      if (panelWrite) await showOnPanel(channel, panelWrite);
    }
    if (outcome.kind === 'retry') wakeLater(Date.parse(outcome.at));
    log.debug(
      { messageId: message.id, channel, kind: message.kind, result: result.kind },
      'message attempt',
    );
  }

  /** Takes up to `limit` due messages of one channel, counted busy from then on. */
  async function claim(channel: MessageChannel, limit: number): Promise<MessageRow[]> {
    const claimed = await claimDueMessages(db.kysely, { channels: [channel], limit, leaseMs });
    busy[channel] += claimed.length;
    return claimed;
  }

  async function pump() {
    while (!closed) {
      // No more than each channel sends at once: a claimed message starts at once, so its lease
      // covers its own send only. Queued behind others, its lease would lapse before its turn
      // and the message be taken again, and sent twice.
      const batch: Array<{ message: MessageRow; probe: boolean }> = [];
      let recipients: Map<string, Recipient>;
      try {
        for (const channel of openChannels()) {
          for (const message of await claim(channel, slots[channel] - busy[channel])) {
            batch.push({ message, probe: false });
          }
        }
        for (const channel of channelsToProbe()) {
          if (busy[channel] >= slots[channel]) continue;
          const [message] = await claim(channel, 1);
          if (!message) continue;
          probing.add(channel);
          batch.push({ message, probe: true });
        }
        if (batch.length === 0) return;
        recipients = await recipientsOf([
          ...new Set(batch.map(({ message }) => message.registration_id)),
        ]);
      } catch (error) {
        // Not sent: their claims lapse and they are taken again; their slots are free now.
        for (const { message, probe } of batch) {
          busy[message.channel] -= 1;
          if (probe) probing.delete(message.channel);
        }
        throw error;
      }
      for (const { message, probe } of batch) {
        const task: Promise<void> = deliver(message, recipients.get(message.registration_id), probe)
          .catch((error: unknown) =>
            log.error({ err: error, messageId: message.id }, 'recording a message failed'),
          )
          .finally(() => {
            busy[message.channel] -= 1;
            inFlight.delete(task);
            wake();
          });
        inFlight.add(task);
      }
    }
  }

  /** The people these messages go to, each with the settings of their own edition. */
  async function recipientsOf(ids: readonly string[]): Promise<Map<string, Recipient>> {
    const recipients = new Map<string, Recipient>();
    for (const { registration, editionId, personalToken } of await findWithEditions(
      db.kysely,
      ids,
    )) {
      const personalUrl = personalToken ? attendeePageUrl(publicUrl, personalToken) : undefined;
      const event = await settingsOf(editionId);
      if (event) {
        recipients.set(registration.id, {
          registration,
          event,
          personalUrl,
          personalToken: personalToken ?? undefined,
        });
      }
    }
    return recipients;
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

  // SQLite has one server process: a claim left standing was cut short by its last crash. On
  // PostgreSQL another instance may hold it, so it is left to lapse.
  if (db.kind === 'sqlite' && configured.length > 0) {
    const released = await releaseAllClaims(db.kysely);
    if (released > 0) log.warn({ released }, 'messages claimed before a crash are queued again');
  }

  const unsubscribe = listener
    ? [listener.on(channels.outbox, wake), listener.onReconnected(wake)]
    : [];
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    poke: wake,
    async close() {
      closed = true;
      clearInterval(timer);
      if (wakeAt) clearTimeout(wakeAt.timer);
      for (const stop of unsubscribe) stop();
      // Nothing new is claimed. A pass already claiming ends first: what it took is sent and
      // recorded with the sends in flight, before the database closes.
      await pumping;
      await Promise.allSettled([...inFlight]);
      mailer?.close();
    },
  };
}
