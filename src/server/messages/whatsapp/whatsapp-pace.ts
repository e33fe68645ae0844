// The pace of this instance's WhatsApp requests: Meta takes 80 messages a second per business
// number by default and answers 130429 past it (decision 0270). Ten requests in flight against a
// fast answer would go well past that during an announcement to thousands, so they leave evenly
// spaced, 80 per 1.1 s (the margin absorbs the network's and a busy machine's jitter, so Meta
// never counts 81 in its own second). Spaced, not 80 at once and then a pause: a burst of 80 lands
// in one second with whatever the jitter adds, and a late timer never sends a catch-up burst.

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
