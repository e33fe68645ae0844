// The one reader of the live streams (GET /api/admin/events, GET /api/door/events) in tests: their
// messages parsed as a browser's EventSource parses them, to wait on.
import { eventDetails } from '../../src/shared/event-texts.ts';
import { api } from '../../src/shared/paths.ts';
import type { App } from '../../src/server/app.ts';

export interface SseMessage {
  /** The `id:` field; undefined when the message had none. */
  id?: string;
  /** The `event:` field ('message' when absent, as in EventSource). */
  type: string;
  data: string;
}

export interface LiveStreamReader {
  response: Response;
  /**
   * Every message so far but the heartbeats, in order: a stream tells its heartbeat's pace as it
   * opens, then at each beat, whatever else it says (decision 0169).
   */
  messages: SseMessage[];
  /** The heartbeats (`ping`) so far. */
  pings: SseMessage[];
  /** Everything received so far, comments (`: ping`) and all. */
  text(): string;
  ended(): boolean;
  /** The first message (already received or to come) that matches; fails after timeoutMs. */
  next(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves once the server has ended the stream; fails after timeoutMs. */
  end(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The data of a `ready` or `reset`: the current edition as that stream's audience is told of it
 * (the door's without the messages' texts).
 */
export function toldEdition(app: App, audience: 'admin' | 'door'): string {
  const { id, revision, settings } = app.editions.current();
  const event = audience === 'door' ? eventDetails(settings) : settings;
  return JSON.stringify({ edition: { id, revision, event } });
}

/** Splits finished SSE blocks off `buffer`; returns the messages and what is left over. */
function parseBlocks(buffer: string): { messages: SseMessage[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const messages: SseMessage[] = [];
  for (const block of blocks) {
    let id: string | undefined;
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) messages.push({ id, type, data: data.join('\n') });
  }
  return { messages, rest };
}

/** Opens a stream (the admin's by default) on the server at `baseUrl` with this Cookie header. */
export async function openLiveStream(
  baseUrl: string,
  cookie: string,
  {
    lastEventId,
    query = '',
    path = api.adminLiveStream,
  }: { lastEventId?: string; query?: string; path?: string } = {},
): Promise<LiveStreamReader> {
  const controller = new AbortController();
  const response = await fetch(baseUrl + path + query, {
    headers: { cookie, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
    signal: controller.signal,
  });
  const messages: SseMessage[] = [];
  const pings: SseMessage[] = [];
  let raw = '';
  let pending = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((waiter) => waiter());

  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        raw += value;
        const parsed = parseBlocks(pending + value);
        pending = parsed.rest;
        for (const message of parsed.messages) {
          (message.type === 'ping' ? pings : messages).push(message);
        }
        notify();
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    } finally {
      ended = true;
      notify();
    }
  })();

  function waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiter = () => {
        const found = check();
        if (found !== undefined) {
          finish();
          resolve(found);
        } else if (ended) {
          finish();
          reject(new Error(`the stream ended before ${what}: ${raw}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no ${what} within ${timeoutMs} ms: ${raw}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(waiter);
      };
      waiters.add(waiter);
      waiter();
    });
  }

  return {
    response,
    messages,
    pings,
    text: () => raw,
    ended: () => ended,
    next: (match, timeoutMs = 5_000) =>
      waitFor(() => messages.find(match), 'matching message', timeoutMs),
    async end(timeoutMs = 5_000) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`stream still open after ${timeoutMs} ms: ${raw}`)),
          timeoutMs,
        );
        void reading.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

export interface StreamConnection {
  /** The X-Upstream header (which instance behind the proxy served it), if any. */
  upstream: string | null;
  /** The Last-Event-ID it was opened with. */
  lastEventId?: string;
  reader: LiveStreamReader;
}

export interface ReconnectingLiveStream {
  /** Every connection so far, the first one first. */
  connections: StreamConnection[];
  /** Every message of every connection, in order. */
  messages(): SseMessage[];
  /** The first message (already received or to come) that matches; fails after timeoutMs. */
  next(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): Promise<void>;
}

/**
 * The stream as a browser's EventSource keeps it: when it ends, it is opened again after the
 * `retry:` delay with Last-Event-ID set to the last id received, until closed.
 */
export async function openReconnectingLiveStream(
  baseUrl: string,
  cookie: string,
  { retryMs = 1_000 }: { retryMs?: number } = {},
): Promise<ReconnectingLiveStream> {
  const connections: StreamConnection[] = [];
  let closed = false;
  const messages = () => connections.flatMap((connection) => connection.reader.messages);
  const lastId = () => messages().findLast((message) => message.id !== undefined)?.id;

  async function connect(): Promise<StreamConnection | undefined> {
    while (!closed) {
      const lastEventId = lastId();
      try {
        const reader = await openLiveStream(baseUrl, cookie, { lastEventId });
        if (reader.response.status === 200) {
          const connection = {
            upstream: reader.response.headers.get('x-upstream'),
            lastEventId,
            reader,
          };
          connections.push(connection);
          return connection;
        }
        await reader.close();
      } catch {
        // Refused or cut: try again, as EventSource does.
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
    return undefined;
  }

  const first = await connect();
  const following = (async () => {
    let current = first;
    while (current && !closed) {
      await current.reader.end(24 * 60 * 60_000).catch(() => {});
      if (closed) return;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      current = await connect();
    }
  })();

  return {
    connections,
    messages,
    async next(match, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages().find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no matching message within ${timeoutMs} ms: ${JSON.stringify(messages())}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      closed = true;
      await Promise.all(connections.map((connection) => connection.reader.close()));
      await following;
    },
  };
}
