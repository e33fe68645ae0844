// Meta's webhook as it arrives: a status report for one of our messages, or a person's reply to a
// button, in the documented envelope, and its X-Hub-Signature-256 made with the app secret. For
// the tests that play Meta.
import { createHmac, randomBytes } from 'node:crypto';

/** The body Meta posts when a message's status changes (`errors` only with `failed`). */
export function statusReport(wamid: string, status: string, errors?: unknown[]): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: '15085551234',
                  ...(errors ? { errors } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** `sha256=` and the body's HMAC-SHA256 with the app secret, as Meta signs it. */
export function signature(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** What a person taps: a template's quick reply (its payload) or a reply button (its id). */
export type Tap = { payload: string; text?: string } | { buttonReply: string; title?: string };

/**
 * The body Meta posts when a person taps a button on one of our messages (`contextId`: its wamid),
 * from `from` (digits, as Meta writes them): `type: button` for a template's quick reply,
 * `type: interactive` (`button_reply`) for an interactive message's reply button. `id` is the
 * reply's own (a delivery repeated carries the same).
 */
export function incomingReply({
  from,
  contextId,
  tap,
  id = `wamid.${randomBytes(24).toString('base64url')}`,
}: {
  from: string;
  contextId: string;
  tap: Tap;
  id?: string;
}): { id: string; body: string } {
  const message = {
    context: { from: '15550783881', id: contextId },
    from,
    id,
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...('payload' in tap
      ? { type: 'button', button: { payload: tap.payload, text: tap.text ?? tap.payload } }
      : {
          type: 'interactive',
          interactive: {
            type: 'button_reply',
            button_reply: { id: tap.buttonReply, title: tap.title ?? tap.buttonReply },
          },
        }),
  };
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Pessoa' }, wa_id: from }],
              messages: [message],
            },
          },
        ],
      },
    ],
  });
  return { id, body };
}

/**
 * What the servers logged they did with a reply (its id), from their JSON log lines, sorted:
 * deliveries of one reply are answered at once and handled side by side, in either order.
 */
export function replyOutcomes(log: string, id: string): string[] {
  return log
    .split('\n')
    .filter((line) => line.includes(`"reply":"${id}"`) && line.includes('"outcome"'))
    .map((line) => (JSON.parse(line) as { outcome: string }).outcome)
    .sort();
}
