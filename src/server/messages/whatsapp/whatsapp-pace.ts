// The pace of WhatsApp requests: Meta takes 80 messages a second per business number by default
// and answers 130429 past it (decision 0270); the number is the same for every instance, so on
// PostgreSQL they share one pace (decision 0192). Ten requests in flight against a
// fast answer would go well past that during an announcement to thousands, so they leave evenly
// spaced, 80 per 1.1 s (the margin absorbs the network's and a busy machine's jitter, so Meta
// never counts 81 in its own second). Spaced, not 80 at once and then a pause: a burst of 80 lands
// in one second with whatever the jitter adds, and a late timer never sends a catch-up burst.

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const whatsappPerWindow = 80;
export const whatsappWindowMs = 1100;

/** Resolves when the next request may leave; requests leave in the order they asked. */
export function whatsappPace(perWindow: number, windowMs: number): () => Promise<void> {
  const spacing = windowMs / perWindow;
  /** When the last request left (performance.now()). */
  let last = -Infinity;
  let queue: Promise<void> = Promise.resolve();
  return () => {
    const turn = queue.then(async () => {
      const wait = last + spacing - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      last = performance.now();
    });
    queue = turn;
    return turn;
  };
}

/**
 * The pace of every instance on one database: each request reserves the next free moment in one
 * row, on the database's clock (instances' own clocks may differ), then waits for it. A request
 * that wakes later than a quarter of the margin (the window beyond Meta's second) after its
 * moment, this process having stalled (a busy machine, a long synchronous task), reserves again
 * rather than leave with the others whose moments passed during the stall, which would land in
 * one second with the ones on time after them; the rest of the margin is for what comes after
 * (the request's way out, the network). Twice at most, so that a process always late still sends.
 * Without an answer from the database, this instance's own pace stands in for it.
 */
export function sharedWhatsappPace(
  kysely: Kysely<Database>,
  perWindow: number,
  windowMs: number,
): () => Promise<void> {
  const spacing = windowMs / perWindow;
  const lateAllowed = Math.max(windowMs - 1000, 0) / 4;
  const alone = whatsappPace(perWindow, windowMs);
  const now = sql<number>`extract(epoch from clock_timestamp()) * 1000`;
  const reserve = async () => {
    const { rows } = await sql<{ wait_ms: number }>`
      insert into whatsapp_pace as pace (name, next_at) values ('whatsapp', ${now} + ${spacing})
      on conflict (name) do update set next_at = greatest(pace.next_at, ${now}) + ${spacing}
      returning next_at - ${spacing} - ${now} as wait_ms`.execute(kysely);
    return Number(rows[0]?.wait_ms ?? 0);
  };
  return async () => {
    for (let reservations = 1; ; reservations += 1) {
      let wait: number;
      try {
        wait = await reserve();
      } catch {
        return alone();
      }
      const moment = performance.now() + wait;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() - moment <= lateAllowed || reservations === 3) return;
    }
  };
}
