// The pace of this instance's WhatsApp requests: Meta takes 80 messages a second per business
// number by default and answers 130429 past it (decision 0270). Ten requests in flight against a
// fast answer would go well past that during an announcement to thousands, so no more than 80
// leave in any window of 1.1 s (the margin absorbs the network's and a busy machine's jitter,
// so Meta never counts 81 in its own second).

export const whatsappPerWindow = 80;
export const whatsappWindowMs = 1100;

/** Resolves when the next request may leave; requests leave in the order they asked. */
export function whatsappPace(perWindow: number, windowMs: number): () => Promise<void> {
  /** When each of the last `perWindow` requests left (performance.now()), oldest first. */
  const left: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  return () => {
    const turn = queue.then(async () => {
      if (left.length >= perWindow) {
        const wait = left[0]! + windowMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        left.shift();
      }
      left.push(performance.now());
    });
    queue = turn;
    return turn;
  };
}
