// Node's fetch against a real local server: one that answers, one that never does, and one
// that sends its headers and then stalls. Web tests run in Node under Vitest and are
// type-checked with Node's types (tsconfig.web-tests.json); the web app itself is not.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '@shared/api-error.ts';
import { ApiRequestError, apiRequest, clientErrors } from './api-client.ts';

const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/ok': (_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true }));
  },
  '/echo': (request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          method: request.method,
          type: request.headers['content-type'],
          body: JSON.parse(text) as unknown,
        }),
      );
    });
  },
  '/invalid': (_, response) => {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        error: {
          code: 'validation',
          message: apiErrors.validation,
          fields: { email: 'Informe um e-mail válido.' },
        },
      }),
    );
  },
  '/html': (_, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<h1>Bad gateway</h1>');
  },
  '/no-content': (_, response) => {
    response.writeHead(204);
    response.end();
  },
  // Never answers: the request stays pending, as on a stalled phone connection.
  '/never': () => {},
  // The headers arrive, then the body stops halfway.
  '/stalled-body': (_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"ok":');
  },
};

/** Emits each request's path once the server has it: a test waits for that, not for a while. */
const arrivals = new EventEmitter();

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const route = routes[path];
  arrivals.emit(path);
  if (route) route(request, response);
  else response.writeHead(404).end();
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // The requests that were never answered keep their sockets open.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The rejection of `promise`, or a failure if it resolved. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

/**
 * Resolves once Node's fetch has received the headers of a request to `path` and has handed the
 * response on: the caller is then reading the body. Node's fetch (undici) announces the headers
 * on this diagnostics channel; the next turn of the event loop comes after the hand-over.
 */
function bodyBeingRead(path: string): Promise<void> {
  return new Promise((resolve) => {
    const onHeaders = (message: unknown) => {
      if ((message as { request: { path: string } }).request.path !== path) return;
      unsubscribe('undici:request:headers', onHeaders);
      setImmediate(resolve);
    };
    subscribe('undici:request:headers', onHeaders);
  });
}

describe('apiRequest', () => {
  it('returns the JSON body and sends a JSON body', async () => {
    expect(await apiRequest(`${base}/ok`)).toEqual({ ok: true });
    expect(await apiRequest(`${base}/echo`, { method: 'POST', body: { nome: 'João' } })).toEqual({
      method: 'POST',
      type: 'application/json',
      body: { nome: 'João' },
    });
    expect(await apiRequest(`${base}/no-content`, { method: 'DELETE' })).toBeUndefined();
  });

  it("throws the server's message and fields", async () => {
    const error = await rejectionOf(apiRequest(`${base}/invalid`, { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      message: apiErrors.validation,
      fields: { email: 'Informe um e-mail válido.' },
    });
  });

  it('explains an answer that is not ours (a proxy page) as the service being unavailable', async () => {
    const error = await rejectionOf(apiRequest(`${base}/html`));
    expect(error).toMatchObject({ status: 502, code: 'unknown', message: apiErrors.unavailable });
  });

  it('says there is no connection when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await rejectionOf(apiRequest(`http://127.0.0.1:${port}/ok`));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, code: 'network', message: clientErrors.network });
  });

  it('gives up with a pt-BR timeout error when the server never answers', async () => {
    const error = await rejectionOf(
      apiRequest(`${base}/never`, { method: 'POST', body: { a: 1 }, timeoutMs: 200 }),
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 0,
      code: 'timeout',
      message: 'O servidor demorou para responder. Verifique sua conexão e tente de novo.',
      fields: {},
    });
  });

  it('waits 20 seconds by default, and not a moment less', async () => {
    // Only the timers are simulated: the request really reaches the server and stays unanswered.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const arrived = once(arrivals, '/never');
      const request = rejectionOf(apiRequest(`${base}/never`)).finally(() => (settled = true));
      await arrived;
      await vi.advanceTimersByTimeAsync(19_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await request).toMatchObject({ status: 0, code: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up when the answer starts but its body stalls', async () => {
    const error = await rejectionOf(apiRequest(`${base}/stalled-body`, { timeoutMs: 200 }));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  it("rethrows the caller's abort as an AbortError, not as a timeout", async () => {
    const controller = new AbortController();
    const arrived = once(arrivals, '/never');
    const request = apiRequest(`${base}/never`, {
      signal: controller.signal,
      timeoutMs: 5_000,
    });
    await arrived;
    controller.abort();
    const error = await rejectionOf(request);
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect((error as Error).name).toBe('AbortError');
  });

  it("rethrows the caller's abort during a stalled body as an AbortError", async () => {
    const controller = new AbortController();
    const reading = bodyBeingRead('/stalled-body');
    const request = apiRequest(`${base}/stalled-body`, {
      signal: controller.signal,
      timeoutMs: 5_000,
    });
    await reading;
    controller.abort();
    const error = await rejectionOf(request);
    expect((error as Error).name).toBe('AbortError');
  });

  it('does not start a request whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejectionOf(apiRequest(`${base}/ok`, { signal: controller.signal }));
    expect((error as Error).name).toBe('AbortError');
  });

  it("lets a request finish within the time limit, and forgets the caller's signal", async () => {
    const controller = new AbortController();
    const listeners = { added: 0, removed: 0 };
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => {
      if (args[0] === 'abort') listeners.added += 1;
      add(...args);
    }) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      if (args[0] === 'abort') listeners.removed += 1;
      remove(...args);
    }) as typeof remove;

    expect(await apiRequest(`${base}/ok`, { signal, timeoutMs: 200 })).toEqual({ ok: true });
    // Aborting afterwards reaches nothing: the request let go of the signal when it finished.
    controller.abort();
    expect(listeners.added).toBeGreaterThanOrEqual(1);
    expect(listeners.removed).toBe(listeners.added);
  });
});
