// A local stand-in for Meta's Graph API (WhatsApp Business Cloud API), which cannot be reached
// from the test machines: it answers POST /{version}/{phone-number-id}/messages with the documented
// shapes: `{"messaging_product","contacts","messages":[{"id":"wamid…"}]}` on success and
// `{"error":{"message","type","code","error_data","fbtrace_id"}}` with Meta's HTTP statuses on
// failure. Per recipient, a script of answers can be queued (131026 for good, 130429 then success,
// 401 for a bad token); otherwise it succeeds. Like Meta, it also delivers what people send (their
// replies, issue 35.2) to the app's webhook, signed with the app secret (X-Hub-Signature-256).
import { randomBytes } from 'node:crypto';
import { signature } from './whatsapp-webhook.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface DocumentParameter {
  link: string;
  filename: string;
}

export interface GraphRequest {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product: string;
    to: string;
    type: string;
    /** A session message's (decision 0280); `template` is then absent. */
    interactive?: {
      type: string;
      body: { text: string };
      action: { buttons: Array<{ type: string; reply: { id: string; title: string } }> };
    };
    text?: { body: string };
    template: {
      name: string;
      language: { code: string };
      components: Array<{
        type: string;
        sub_type?: string;
        index?: string;
        /** `text` is absent on a header's document (the certificate's, issue 36.4). */
        parameters: Array<{ type: string; text: string; document?: DocumentParameter }>;
      }>;
    };
  };
  /** The wamid answered, when it succeeded. */
  wamid?: string;
  /** When it was answered (Date.now()). */
  answeredAt?: number;
}

export type GraphAnswer = 'ok' | { status: number; code: number; title: string };

export const graphErrors = {
  notOnWhatsapp: { status: 400, code: 131026, title: 'Message undeliverable' },
  rateLimited: { status: 400, code: 130429, title: 'Rate limit hit' },
  badToken: { status: 401, code: 190, title: 'Invalid OAuth access token.' },
  templateMissing: {
    status: 404,
    code: 132001,
    title: 'Template name does not exist in the translation',
  },
} as const satisfies Record<string, GraphAnswer>;

export interface TestGraphApi {
  /** WHATSAPP_API_URL: with a version, as Meta's. */
  url: string;
  requests: GraphRequest[];
  /** The next answers for this number (digits), in order; then success. */
  script(to: string, answers: GraphAnswer[]): void;
  /** Every request is answered so, until cleared with null. */
  answerAll(answer: GraphAnswer | null): void;
  /**
   * Awaited after a send is accepted and before its answer leaves (null: none): for a status
   * webhook that overtakes the answer, as Meta's can.
   */
  beforeAnswer(hook: ((request: GraphRequest) => Promise<void>) | null): void;
  /**
   * Posts a webhook body to the app as Meta does: signed with `appSecret` over its exact bytes
   * (null: unsigned). Resolves with the answer's status.
   */
  deliver(webhookUrl: string, body: string, appSecret: string | null): Promise<number>;
  /** Resolves once `count` requests have succeeded. */
  waitForSuccesses(count: number, timeoutMs?: number): Promise<GraphRequest[]>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startTestGraphApi(): Promise<TestGraphApi> {
  const requests: GraphRequest[] = [];
  const scripts = new Map<string, GraphAnswer[]>();
  let always: GraphAnswer | null = null;
  let beforeAnswer: ((request: GraphRequest) => Promise<void>) | null = null;
  let waiters: Array<() => void> = [];

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  const server = createServer(async (request, response) => {
    let body: GraphRequest['body'];
    try {
      body = JSON.parse(await readBody(request)) as GraphRequest['body'];
    } catch {
      // A client killed mid-request (the crash tests), or a body that is not JSON.
      if (!response.destroyed) send(response, 400, { error: { message: 'Bad body', code: 100 } });
      return;
    }
    const entry: GraphRequest = {
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body,
    };
    requests.push(entry);
    if (!/^\/v\d+\.\d+\/\d+\/messages$/.test(entry.path) || request.method !== 'POST') {
      return send(response, 400, {
        error: { message: 'Unknown path', type: 'OAuthException', code: 100 },
      });
    }
    const answer = always ?? scripts.get(body.to)?.shift() ?? 'ok';
    if (answer === 'ok') {
      entry.wamid = `wamid.${randomBytes(24).toString('base64url')}`;
      await beforeAnswer?.(entry);
      entry.answeredAt = Date.now();
      send(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: entry.wamid, message_status: 'accepted' }],
      });
      for (const wake of waiters) wake();
      return;
    }
    send(response, answer.status, {
      error: {
        message: `(#${answer.code}) ${answer.title}`,
        type: 'OAuthException',
        code: answer.code,
        error_data: { messaging_product: 'whatsapp', details: answer.title },
        fbtrace_id: randomBytes(8).toString('hex'),
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const successes = () => requests.filter((r) => r.wamid);

  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    requests,
    script(to, answers) {
      scripts.set(to, [...answers]);
    },
    answerAll(answer) {
      always = answer;
    },
    beforeAnswer(hook) {
      beforeAnswer = hook;
    },
    async deliver(webhookUrl, body, appSecret) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(appSecret ? { 'x-hub-signature-256': signature(body, appSecret) } : {}),
        },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    async waitForSuccesses(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (successes().length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`expected ${count} WhatsApp sends, got ${successes().length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters = [];
      }
      return successes();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The variables that make a server send through the test's stand-ins: e-mail to an SMTP server
 * (`smtp`: its URL), the WhatsApp template to `graph`, its status webhook with `webhook`.
 */
export function sendingEnv({
  smtp,
  graph,
  webhook,
}: {
  smtp?: string;
  graph?: Pick<TestGraphApi, 'url'>;
  webhook?: { appSecret: string; verifyToken: string };
}): Record<string, string> {
  return {
    ...(smtp ? { SMTP_URL: smtp, MAIL_FROM: 'Build Safe <inscricoes@exemplo.com>' } : {}),
    ...(graph
      ? {
          WHATSAPP_TOKEN: 'EAAG-token-de-teste',
          WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
          WHATSAPP_TEMPLATE: 'ingresso_confirmado',
          WHATSAPP_API_URL: graph.url,
        }
      : {}),
    ...(webhook
      ? { WHATSAPP_APP_SECRET: webhook.appSecret, WHATSAPP_VERIFY_TOKEN: webhook.verifyToken }
      : {}),
  };
}

/** The most of `times` (milliseconds) that fall within any `windowMs`: requests in Meta's second. */
export function busiest(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to += 1) {
    while (sorted[to]! - sorted[from]! >= windowMs) from += 1;
    most = Math.max(most, to - from + 1);
  }
  return most;
}
