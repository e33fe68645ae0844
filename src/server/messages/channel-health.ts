// What the sender knows of each channel's own health, learnt from its providers' answers: a
// channel whose credentials or account are refused is paused (no further claims for it) and
// probed with one message every `probeEveryMs` until an answer shows our credentials work again.
// Decides in memory; the panel's line for a paused channel is written by showChannelStates.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';
import type { DeliveryResult } from './delivery-result.ts';
import { pauseChannel, resumeChannel } from './sending-pauses.repository.ts';

/** How often the log repeats that a channel's messages wait for another try, for one reason. */
const retryWarningEveryMs = 5 * 60_000;

/** What the panel must now show of a channel: paused (with the provider's reason), or not. */
export type ChannelState = { paused: true; message: string } | { paused: false };

export interface ChannelHealthOptions {
  configured: readonly MessageChannel[];
  probeEveryMs: number;
  log: FastifyBaseLogger;
  /** A paused channel's next probe is due then: the sender should look. */
  wakeAt(at: number): void;
  now?: () => number;
}

export interface ChannelHealth {
  /** Channels sending freely: configured and not paused. */
  open(): MessageChannel[];
  /** Paused channels whose next probe has come, with none in flight: each gets one message. */
  dueForProbe(): MessageChannel[];
  /** A message was claimed to probe this channel. */
  probing(channel: MessageChannel): void;
  /** The probe's message was never tried (its claim failed): probe again later. */
  probeDropped(channel: MessageChannel): void;
  /**
   * What one attempt's result tells of its channel, applied at once; the panel's new state for
   * the channel, when it changed (or may differ from what another instance or run left).
   */
  learn(channel: MessageChannel, result: DeliveryResult, probe: boolean): ChannelState | undefined;
}

export function channelHealth({
  configured,
  probeEveryMs,
  log,
  wakeAt,
  now = Date.now,
}: ChannelHealthOptions): ChannelHealth {
  /** Paused channels, by when they may be tried again. */
  const paused = new Map<MessageChannel, number>();
  /** Channels whose pause the panel may still show (another instance's, or an older run's). */
  const maybeShownPaused = new Set<MessageChannel>(configured);
  const probes = new Set<MessageChannel>();
  const retryWarnedAt = new Map<string, number>();

  function pauseUntilProbe(channel: MessageChannel) {
    const at = now() + probeEveryMs;
    paused.set(channel, at);
    wakeAt(at);
  }

  // A wrong SMTP host or a provider down shows on each card ('Na fila', the last reason); the
  // operator reads the log: one line per channel and reason every few minutes, not one a message.
  function warnRetrying(channel: MessageChannel, result: { code: string; message: string }) {
    const key = `${channel} ${result.code}`;
    if (now() - (retryWarnedAt.get(key) ?? -Infinity) < retryWarningEveryMs) return;
    retryWarnedAt.set(key, now());
    log.warn(
      { channel, code: result.code },
      `${channel} messages wait for another try: ${result.message}`,
    );
  }

  return {
    open: () => configured.filter((channel) => !paused.has(channel)),
    dueForProbe: () =>
      configured.filter(
        (channel) => (paused.get(channel) ?? Infinity) <= now() && !probes.has(channel),
      ),
    probing: (channel) => probes.add(channel),
    probeDropped: (channel) => probes.delete(channel),
    learn(channel, result, probe) {
      if (probe) probes.delete(channel);
      switch (result.kind) {
        case 'credentials': {
          const first = !paused.has(channel);
          pauseUntilProbe(channel);
          maybeShownPaused.add(channel);
          if (first) {
            log.warn(
              { channel, code: result.code },
              `${channel} sending paused: the provider refused our credentials or our account`,
            );
          }
          return { paused: true, message: result.message };
        }
        case 'unsendable':
          // The provider was not asked: a paused channel is probed again with the next message.
          return undefined;
        case 'temporary':
          warnRetrying(channel, result);
          // The provider did not say whether our credentials work: a paused channel stays so.
          if (probe) pauseUntilProbe(channel);
          return undefined;
        case 'accepted':
        case 'permanent':
          // Accepted, or refused for the message's own sake: our credentials work again.
          paused.delete(channel);
          if (!maybeShownPaused.delete(channel)) return undefined;
          log.info({ channel }, `${channel} sending works`);
          return { paused: false };
      }
    },
  };
}

/**
 * Writes each channel's state for the panel in the order the sends learnt it (one write after
 * another per channel: on PostgreSQL's pool a resume could otherwise commit before the pause it
 * follows). A failed write is logged: the message's own outcome is already recorded.
 */
export function showChannelStates(db: Kysely<Database>, log: FastifyBaseLogger) {
  const writes: Record<MessageChannel, Promise<void>> = {
    email: Promise.resolve(),
    whatsapp: Promise.resolve(),
  };
  return (channel: MessageChannel, state: ChannelState): Promise<void> => {
    const write = () =>
      state.paused ? pauseChannel(db, channel, state.message) : resumeChannel(db, channel);
    writes[channel] = writes[channel].then(write).then(
      () => undefined,
      (error: unknown) => log.error({ err: error, channel }, 'showing the channel state failed'),
    );
    return writes[channel];
  };
}
