// Which due messages the sender takes, and when: never more than each channel sends at once (a
// claimed message starts at once, so its lease covers its own send only; queued behind others,
// its lease would lapse before its turn and the message be taken again, and sent twice), and one
// message to probe each paused channel whose time has come.
import type { Kysely } from 'kysely';
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';
import type { ChannelHealth } from './channel-health.ts';
import { mailConnections } from './email/smtp-mailer.ts';
import { claimDueMessages, type MessageRow } from './outbox.repository.ts';
import { whatsappConcurrency } from './whatsapp/whatsapp-client.ts';

export interface Claimed {
  message: MessageRow;
  /** Taken to see whether its paused channel works again. */
  probe: boolean;
}

export interface OutboxClaims {
  /** Claims what the channels have room for, into `batch` (filled as it goes); none: nothing due. */
  claimInto(batch: Claimed[]): Promise<void>;
  /** The message was recorded, or will never be sent from here (its claim lapses): a slot frees. */
  done(claimed: Claimed): void;
}

/** Messages each channel sends at once. */
const slots: Record<MessageChannel, number> = {
  email: mailConnections,
  whatsapp: whatsappConcurrency,
};

export function outboxClaims(
  db: Kysely<Database>,
  health: ChannelHealth,
  leaseMs: number,
): OutboxClaims {
  /** Messages claimed and not yet done, by channel. */
  const busy: Record<MessageChannel, number> = { email: 0, whatsapp: 0 };

  async function claim(channel: MessageChannel, limit: number): Promise<MessageRow[]> {
    const claimed = await claimDueMessages(db, { channels: [channel], limit, leaseMs });
    busy[channel] += claimed.length;
    return claimed;
  }

  return {
    async claimInto(batch) {
      for (const channel of health.open()) {
        for (const message of await claim(channel, slots[channel] - busy[channel])) {
          batch.push({ message, probe: false });
        }
      }
      for (const channel of health.dueForProbe()) {
        if (busy[channel] >= slots[channel]) continue;
        const [message] = await claim(channel, 1);
        if (!message) continue;
        health.probing(channel);
        batch.push({ message, probe: true });
      }
    },
    done({ message }) {
      busy[message.channel] -= 1;
    },
  };
}
