// A WhatsApp reply is answered after the webhook's 200 (decision 0282): one to a message whose
// wamid the outbox has not recorded yet (Graph's answer to our send still on its way, here or on
// another instance), or whose answer threw (the database briefly away), is tried again after
// each of a few growing waits, then ignored or given up, and logged by the reply's id alone.
import type { FastifyInstance } from 'fastify';
import type { IncomingReply } from '../messages/whatsapp/whatsapp-incoming.ts';
import { answerReply } from './whatsapp-replies.ts';

/** About 30 s in all: far longer than a send's answer takes to be recorded. */
export const defaultReplyRetryMs: readonly number[] = [1_000, 2_000, 4_000, 8_000, 15_000];

/** Answers replies, each looked at again on this schedule; the waits end with the server. */
export function replyAnswerer(app: FastifyInstance) {
  const waits = app.config.replyRetryMs ?? defaultReplyRetryMs;
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  function later(reply: IncomingReply, attempt: number, wait: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void answer(reply, attempt + 1);
    }, wait);
    timer.unref();
    timers.add(timer);
  }

  // Never the number, nor the reply's text: what a person sent is theirs.
  async function answer(reply: IncomingReply, attempt = 0): Promise<void> {
    const wait = waits[attempt];
    try {
      const outcome = await answerReply(app, reply, { willRetry: wait !== undefined });
      if (outcome === 'unknown' && wait !== undefined) {
        app.log.info(
          { reply: reply.id, attempt },
          'a WhatsApp reply waits for the message it answers',
        );
        return later(reply, attempt, wait);
      }
      app.log.info({ reply: reply.id, outcome }, 'a WhatsApp reply was answered');
    } catch (err) {
      if (wait === undefined) {
        app.log.error({ err, reply: reply.id }, 'answering a WhatsApp reply failed: given up');
        return;
      }
      app.log.warn(
        { err, reply: reply.id, attempt },
        'answering a WhatsApp reply failed: trying again',
      );
      later(reply, attempt, wait);
    }
  }

  return answer;
}
