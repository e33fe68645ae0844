// When a message that failed for a temporary reason is tried again: exponential backoff with
// jitter (the first retry within a minute), and no more tries once it is a day old.
// See docs/decisions/0091-message-retries.md.

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
