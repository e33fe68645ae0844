// When a message that failed for a temporary reason is tried again: exponential backoff with
// jitter (the first retry within a minute), and no more tries once it is a day old.
// See docs/decisions/0091-message-retries.md.
import type { DeliveryResult } from './delivery-result.ts';
import type { MessageRow, Outcome } from './outbox.repository.ts';

/** A message first queued this long ago is given up. */
export const giveUpAfterMs = 24 * 60 * 60_000;
/** The longest wait between two tries. */
const maxDelayMs = 60 * 60_000;

export interface RetryPolicy {
  /** The first retry waits between half of this and all of it; each further one doubles it. */
  baseMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { baseMs: 40_000 };

/**
 * When to try again after `attempts` tries, or null to give up. The jitter spreads the retries
 * of a burst that failed together (a provider's rate limit) instead of sending them back at once.
 */
export function nextAttemptAt(
  { baseMs }: RetryPolicy,
  attempts: number,
  createdAt: string,
  now = Date.now(),
  random = Math.random,
): string | null {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxDelayMs);
  const at = now + delay * (0.5 + random() / 2);
  if (at - Date.parse(createdAt) > giveUpAfterMs) return null;
  return new Date(at).toISOString();
}

/**
 * What to record of one attempt: sent, failed for good, tried again at a time this policy
 * chooses, or handed back untried (the channel's credentials are refused: the channel waits).
 */
export function outcomeOf(
  policy: RetryPolicy,
  message: Pick<MessageRow, 'attempts' | 'created_at'>,
  result: DeliveryResult,
): Outcome {
  switch (result.kind) {
    case 'accepted':
      return { kind: 'sent', providerId: result.providerId };
    case 'permanent':
    case 'unsendable':
      return { kind: 'failed', code: result.code, message: result.message };
    case 'credentials':
      return { kind: 'released' };
    case 'temporary': {
      const at = nextAttemptAt(policy, Number(message.attempts), message.created_at);
      if (at) return { kind: 'retry', at, code: result.code, message: result.message };
      return {
        kind: 'failed',
        code: result.code,
        message: `Sem sucesso em 24 horas de tentativas. Último motivo: ${result.message}`,
      };
    }
  }
}
