// Requests Node's HTTP parser refuses before Fastify sees them: the answer is the API's error in
// pt-BR with the headers every answer carries, not Fastify's English default without them.
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Sends `bytes` on a new connection; resolves with everything the server wrote before closing. */
function exchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the rest of an oversized request is still being written.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.write(bytes);
  });
}

function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

it('answers a malformed request line in pt-BR, in the API shape, with the security headers', async () => {
  const answer = parse(await exchange('ISTO NAO E HTTP\r\n\r\n'));
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body)).toEqual({
    error: { code: 'bad_request', message: errorTable.badRequest.message },
  });
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(answer.body)));
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
});

it('says what to do when a request comes with headers too large (a pile of cookies)', async () => {
  const cookie = `lixo=${'x'.repeat(20_000)}`;
  const answer = parse(
    await exchange(`GET /convite HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n\r\n`),
  );
  expect(answer.status).toBe(431);
  expect(JSON.parse(answer.body)).toEqual({
    error: { code: 'headers_too_large', message: errorTable.headersTooLarge.message },
  });
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
});

it('still serves a well-formed request on the same server', async () => {
  const response = await server.request('/api/health');
  expect(response.status).toBe(200);
});
