// Meta's status webhook as it arrives: a status report for one of our messages in the documented
// envelope, and its X-Hub-Signature-256 made with the app secret. For the tests that play Meta.
import { createHmac } from 'node:crypto';

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
