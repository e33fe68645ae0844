// The deploy tests' client for a site behind Caddy: HTTPS to `localhost` on a loopback port,
// trusting Caddy's own authority (its certificate for `localhost`), and the live stream read as
// it arrives.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

export interface Site {
  /** `https://localhost:<port>` */
  origin: string;
  /** Caddy's root certificate (PEM). */
  ca?: string;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

function open(
  site: Site,
  path: string,
  options: RequestOptions,
  body: string | undefined,
  onResponse: (response: IncomingMessage) => void,
  onError: (error: Error) => void,
) {
  const url = new URL(path, site.origin);
  // IPv4: the stack publishes its ports on 127.0.0.1 only, and `localhost` may resolve to ::1.
  const common = { ...options, family: 4 };
  const req =
    url.protocol === 'https:'
      ? httpsRequest(url, { ...common, ca: site.ca }, onResponse)
      : httpRequest(url, common, onResponse);
  req.on('error', onError);
  req.end(body);
}

export function call(
  site: Site,
  path: string,
  { method = 'GET', headers = {} as Record<string, string>, json = undefined as unknown } = {},
): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const allHeaders =
    body === undefined ? headers : { 'content-type': 'application/json', ...headers };
  return new Promise((resolve, reject) => {
    open(
      site,
      path,
      { method, headers: allHeaders },
      body,
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
      },
      reject,
    );
  });
}

/** The `name=value` pair of a response's first Set-Cookie. */
export function cookieOf(answer: Answer): string {
  const pair = answer.headers['set-cookie']?.[0]?.split(';')[0];
  if (!pair) throw new Error(`no cookie in the answer: ${answer.status} ${answer.text}`);
  return pair;
}

export interface StreamEvent {
  type: string;
  data: string;
}

export interface EventStream {
  events: StreamEvent[];
  close(): void;
}

/** Opens a Server-Sent Events stream; its events gather in `events` as they arrive. */
export function openEventStream(site: Site, path: string, cookie: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    open(
      site,
      path,
      { headers: { cookie, accept: 'text/event-stream' } },
      undefined,
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`the stream answered ${response.statusCode}`));
          return;
        }
        const events: StreamEvent[] = [];
        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const blocks = (pending + chunk).split('\n\n');
          pending = blocks.pop() ?? '';
          for (const block of blocks) {
            const field = (name: string) =>
              block
                .split('\n')
                .filter((line) => line.startsWith(`${name}: `))
                .map((line) => line.slice(name.length + 2))
                .join('\n');
            events.push({ type: field('event') || 'message', data: field('data') });
          }
        });
        response.on('error', () => {});
        resolve({ events, close: () => response.destroy() });
      },
      reject,
    );
  });
}
