// The replies in a body Meta's webhook posted (issue 35.2): a person tapping a template's quick
// reply (`type: button`, its `payload`) or an interactive message's reply button (`type:
// interactive`, `button_reply.id`), each naming the message it answers (`context.id`). Read
// defensively, as the statuses are: whatever else a body holds (text, media, a malformed entry) is
// skipped.
import { z } from 'zod';
import { listAt, valueOf } from './whatsapp-status-reports.ts';

export interface IncomingReply {
  /** The reply's own id at Meta: a delivery repeated carries the same. */
  id: string;
  /** The person's number as Meta gives it: digits, no '+'. Never logged. */
  from: string;
  /** The wamid of our message it answers. */
  contextId: string;
  /** The quick reply's payload, or the reply button's id. */
  answer: string;
}

const id = z.string().min(1).max(200);
const common = { id, from: z.string().min(1).max(32), context: z.object({ id }) };
const replySchema = z.union([
  z.object({
    ...common,
    type: z.literal('button'),
    button: z.object({ payload: z.string().min(1).max(256) }),
  }),
  z.object({
    ...common,
    type: z.literal('interactive'),
    interactive: z.object({
      type: z.literal('button_reply'),
      button_reply: z.object({ id: z.string().min(1).max(256) }),
    }),
  }),
]);

/** `entry[].changes[].value.messages[]`, each one that is a well-formed button reply. */
export function incomingRepliesIn(body: unknown): IncomingReply[] {
  const candidates = listAt(body, 'entry')
    .flatMap((entry) => listAt(entry, 'changes'))
    .flatMap((change) => listAt(valueOf(change), 'messages'));
  const replies: IncomingReply[] = [];
  for (const candidate of candidates) {
    const parsed = replySchema.safeParse(candidate);
    if (!parsed.success) continue;
    const message = parsed.data;
    replies.push({
      id: message.id,
      from: message.from,
      contextId: message.context.id,
      answer:
        message.type === 'button' ? message.button.payload : message.interactive.button_reply.id,
    });
  }
  return replies;
}
