// The public form against abuse: rate limit, the proxy header, the honeypot, size and shape
// limits, and identical submissions racing each other. Real server, real SQLite file.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { lingerLimits } from '../plugins/lingering-close.ts';
import type { RegistrationChange } from '../../shared/live-change.schema.ts';
import {
  countRegistrations,
  loggedChanges,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { currentEditionId } from '../db/current-edition.ts';

const errorShape = {
  error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
};

function register(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return server.request('/api/registrations', { method: 'POST', json: body, headers });
}

interface RawExchange {
  /** Bytes of the body the client handed to its socket without an error. */
  sent: number;
  /** What came back, headers and body, as text. */
  response: string;
  /** The socket's error (EPIPE, ECONNRESET), if any. */
  error?: string;
}

/**
 * A bare TCP client, as curl or a phone's stack is: headers, then `length` bytes of body in 64 KB
 * writes (as the socket takes them), with a Content-Length or chunked, reading whatever comes
 * back until the server closes.
 */
function sendBody(
  server: TestServer,
  length: number,
  framing: 'content-length' | 'chunked' = 'content-length',
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const { port } = new URL(server.url);
    // Half-open: the server may end its side (after its answer) while the body is still going.
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    const exchange: RawExchange = { sent: 0, response: '' };
    const chunk = Buffer.alloc(64 * 1024, 'a');
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (exchange.response += text));
    socket.on('error', (error: NodeJS.ErrnoException) => (exchange.error = error.code));
    socket.on('close', () => resolve(exchange));
    socket.write(
      'POST /api/registrations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        (framing === 'chunked'
          ? 'Transfer-Encoding: chunked\r\n\r\n'
          : `Content-Length: ${length}\r\n\r\n`),
    );
    const frame = (data: Buffer) =>
      framing === 'chunked'
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    let queued = 0;
    const writeMore = () => {
      while (queued < length && !socket.destroyed) {
        const size = Math.min(chunk.length, length - queued);
        queued += size;
        const flushed = socket.write(frame(chunk.subarray(0, size)), (error) => {
          if (!error) exchange.sent += size;
        });
        if (!flushed) {
          socket.once('drain', writeMore);
          return;
        }
      }
      if (socket.destroyed) return;
      if (framing === 'chunked') socket.end('0\r\n\r\n');
      else socket.end();
    };
    writeMore();
  });
}

function statusOf(response: string): number {
  return Number(/^HTTP\/1\.1 (\d{3}) /.exec(response)?.[1]);
}

function jsonOf(response: string): unknown {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

describe('rate limit on POST /api/registrations (REGISTRATION_RATE_LIMIT=3)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REGISTRATION_RATE_LIMIT: '3' });
  });
  afterAll(() => server.close());

  it('answers the fourth request of a minute with 429, Retry-After and the pt-BR message, and stores nothing', async () => {
    for (let i = 0; i < 3; i += 1) {
      const ok = await register(server, validRegistration());
      expect(ok.status).toBe(201);
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
    }
    const limited = await register(server, validRegistration());
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await limited.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente de novo.',
      },
    });
    expect(apiErrors.rateLimited).toBe(
      'Muitas tentativas em pouco tempo. Aguarde um minuto e tente de novo.',
    );
    expect(await countRegistrations(server)).toBe(3);
  });

  it('counts only the registration route: health and other pages stay open', async () => {
    const health = await server.request('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('X-Forwarded-For without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REGISTRATION_RATE_LIMIT: '3' });
  });
  afterAll(() => server.close());

  it('is ignored: every request counts against the connecting address', async () => {
    const statuses: number[] = [];
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5']) {
      const response = await register(server, validRegistration(), { 'x-forwarded-for': ip });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(await countRegistrations(server)).toBe(3);
  });
});

describe('X-Forwarded-For with TRUST_PROXY=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REGISTRATION_RATE_LIMIT: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => server.close());

  it('gives each client address its own budget', async () => {
    const statusesFor = async (ip: string, times: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i += 1) {
        const response = await register(server, validRegistration(), { 'x-forwarded-for': ip });
        statuses.push(response.status);
      }
      return statuses;
    };
    expect(await statusesFor('203.0.113.1', 4)).toEqual([201, 201, 201, 429]);
    expect(await statusesFor('203.0.113.2', 4)).toEqual([201, 201, 201, 429]);
    // The proxy's client is the last address it appends.
    expect(await statusesFor('198.51.100.7, 203.0.113.1', 1)).toEqual([429]);
    expect(await countRegistrations(server)).toBe(6);
  });
});

describe('IPv6 clients with TRUST_PROXY=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REGISTRATION_RATE_LIMIT: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => server.close());

  it('share one budget per /64, as the login throttle counts them', async () => {
    // One client rotating through addresses of its own /64 (spelled in every way IPv6 allows).
    const statuses: number[] = [];
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:aaaa::2',
      '2001:0db8:0001:0002:ffff:ffff:ffff:fffe',
      '2001:DB8:1:2:1234:5678:9abc:def0',
      '2001:db8:1:2::99',
    ]) {
      const response = await register(server, validRegistration(), { 'x-forwarded-for': ip });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // The neighbouring /64 is someone else.
    const neighbour = await register(server, validRegistration(), {
      'x-forwarded-for': '2001:db8:1:3::1',
    });
    expect(neighbour.status).toBe(201);
    expect(await countRegistrations(server)).toBe(4);
  });
});

describe('REGISTRATION_RATE_LIMIT=0', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REGISTRATION_RATE_LIMIT: '0' });
  });
  afterAll(() => server.close());

  it('turns the limit off', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 25; i += 1) {
      statuses.add((await register(server, validRegistration())).status);
    }
    expect([...statuses]).toEqual([201]);
    expect(await countRegistrations(server)).toBe(25);
  });
});

describe('the public form', () => {
  let server: TestServer;
  const changes: RegistrationChange[] = [];
  let unsubscribe: () => void;
  beforeAll(async () => {
    server = await startTestServer();
    unsubscribe = server.app.live.subscribe(({ change }) => changes.push(change));
  });
  async function emptyTables() {
    await server.app.db.kysely.deleteFrom('registrations').execute();
    await server.app.db.kysely.deleteFrom('live_changes').execute();
    changes.length = 0;
  }
  afterAll(async () => {
    unsubscribe();
    await server.close();
  });

  describe('honeypot', () => {
    afterEach(emptyTables);

    it('answers a bot that fills the hidden field like a success, but stores and announces nothing', async () => {
      const bot = validRegistration({ website: 'http://spam.example' });
      const response = await register(server, bot);
      expect(response.status).toBe(201);
      const decoy = await response.json();
      expect(decoy).toMatchObject({
        nome_completo: bot.nome_completo,
        email: bot.email,
        whatsapp: '+15085551234',
        status: 'pending',
      });
      expect(decoy.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(decoy).not.toHaveProperty('website');

      // A real registration right after: its change is the only one logged and announced.
      const person = await register(server, validRegistration());
      expect(person.status).toBe(201);
      // The answer alone carries the person's own page; the live change never does.
      const { personal_page: personalPage, ...stored } = await person.json();
      expect(personalPage).toMatch(/\/inscricao\/[A-Za-z0-9_-]{30}$/);
      expect(await loggedChanges(server)).toEqual([
        {
          id: expect.any(String),
          seq: expect.any(Number),
          type: 'created',
          registration_id: stored.id,
        },
      ]);
      await expect.poll(() => changes).toEqual([{ type: 'created', registration: stored }]);
      expect(await countRegistrations(server)).toBe(1);
      const emails = await server.app.db.kysely
        .selectFrom('registrations')
        .select('email')
        .execute();
      expect(emails).toEqual([{ email: stored.email }]);
    });

    it('does not let a bot block a real person: the decoy does not reserve the e-mail', async () => {
      const email = `pessoa.${Date.now()}@exemplo.com`;
      expect((await register(server, validRegistration({ email, website: 'x' }))).status).toBe(201);
      expect((await register(server, validRegistration({ email }))).status).toBe(201);
      expect(await countRegistrations(server)).toBe(1);
    });

    it('treats an empty hidden field as a person', async () => {
      const response = await register(server, validRegistration({ website: '' }));
      expect(response.status).toBe(201);
      expect(await countRegistrations(server)).toBe(1);
      expect(await loggedChanges(server)).toHaveLength(1);
    });
  });

  // No cleanup between these tests: the last one reads what all the others left in the tables.
  describe('size and shape limits', () => {
    beforeAll(emptyTables);

    it('answers a 1 MB body with 413 in the error shape', async () => {
      const response = await register(
        server,
        validRegistration({ nome_completo: 'a'.repeat(1 << 20) }),
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: { code: 'body_too_large', message: 'Os dados enviados são grandes demais.' },
      });
    });

    it('answers 413 when a chunked body without Content-Length grows past the limit', async () => {
      const { status, body } = await new Promise<{ status: number; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(
            `${server.url}/api/registrations`,
            { method: 'POST', headers: { 'content-type': 'application/json' } },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (text += chunk));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            },
          );
          req.on('error', reject);
          req.write('{"nome_completo":"');
          for (let i = 0; i < 64; i += 1) req.write('a'.repeat(1024));
          req.end('"}');
        },
      );
      expect(status).toBe(413);
      expect(JSON.parse(body)).toMatchObject({ error: { code: 'body_too_large' } });
    });

    it('refuses unknown fields by name with 400', async () => {
      const response = await register(server, {
        ...validRegistration(),
        status: 'confirmed',
        id: '00000000-0000-4000-8000-000000000000',
        created_at: '2000-01-01T00:00:00.000Z',
        admin: true,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: 'validation',
          message: 'Confira os campos destacados.',
          fields: {
            status: 'Campo desconhecido.',
            id: 'Campo desconhecido.',
            created_at: 'Campo desconhecido.',
            admin: 'Campo desconhecido.',
          },
        },
      });
    });

    it('refuses a prototype-poisoning body', async () => {
      const response = await server.request('/api/registrations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validRegistration()).replace(
          /}$/,
          ',"__proto__":{"status":"confirmed"}}',
        ),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(errorShape);
    });

    it.each([
      ['nome_completo', 201, 'Use no máximo 200 caracteres.'],
      ['nome_compania', 201, 'Use no máximo 200 caracteres.'],
      ['email', 255, 'Use no máximo 254 caracteres.'],
      ['whatsapp', 33, 'Use no máximo 32 caracteres.'],
      ['nome_completo', 10_000, 'Use no máximo 200 caracteres.'],
    ])('refuses %s with %i characters with 400 and the limit', async (field, length, message) => {
      const value =
        field === 'email' ? `${'m'.repeat(length - 13)}@exemplo.com.` : 'a'.repeat(length);
      expect(value).toHaveLength(length);
      const response = await register(server, validRegistration({ [field]: value }));
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toEqual({ [field]: message });
    });

    it('refuses an over-long hidden field with 400 rather than a decoy', async () => {
      const response = await register(server, validRegistration({ website: 'x'.repeat(201) }));
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toHaveProperty('website');
    });

    it.each([
      ['null', 'null'],
      ['an array', '[{"nome_completo":"Maria"}]'],
      ['a string', '"Maria"'],
      ['a number', '42'],
    ])('answers a JSON body that is %s with 400 in the error shape', async (_kind, body) => {
      const response = await server.request('/api/registrations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
      const payload = await response.json();
      expect(payload).toEqual(errorShape);
      expect(payload.error.fields?._).toBeUndefined();
    });

    it('answers an empty POST with 400 in the error shape', async () => {
      const response = await fetch(`${server.url}/api/registrations`, { method: 'POST' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(errorShape);
    });

    it('stored and announced none of the refused bodies', async () => {
      expect(await countRegistrations(server)).toBe(0);
      expect(await loggedChanges(server)).toEqual([]);
      expect(changes).toEqual([]);
    });
  });

  describe('bodies far past the limit', () => {
    const tooLarge = {
      error: { code: 'body_too_large', message: 'Os dados enviados são grandes demais.' },
    };

    it('answers 20 clients sending 5 MB at once with 413, each after its whole body is sent', async () => {
      const length = 5 * 1024 * 1024;
      const exchanges = await Promise.all(
        Array.from({ length: 20 }, () => sendBody(server, length)),
      );
      for (const exchange of exchanges) {
        expect(exchange.error).toBeUndefined();
        expect(exchange.sent).toBe(length);
        expect(statusOf(exchange.response)).toBe(413);
        expect(exchange.response).toMatch(/\r\nconnection: close\r\n/i);
        expect(jsonOf(exchange.response)).toEqual(tooLarge);
      }
    });

    it('answers 20 chunked 5 MB bodies at once with 413, each after its whole body is sent', async () => {
      const length = 5 * 1024 * 1024;
      const exchanges = await Promise.all(
        Array.from({ length: 20 }, () => sendBody(server, length, 'chunked')),
      );
      for (const exchange of exchanges) {
        expect(exchange.error).toBeUndefined();
        expect(exchange.sent).toBe(length);
        expect(statusOf(exchange.response)).toBe(413);
        expect(jsonOf(exchange.response)).toEqual(tooLarge);
      }
    });

    it('stops reading a body that goes on past the lingering limit, after the 413', async () => {
      const declared = 256 * 1024 * 1024;
      const exchange = await sendBody(server, declared);
      expect(statusOf(exchange.response)).toBe(413);
      expect(jsonOf(exchange.response)).toEqual(tooLarge);
      // Cut off: what it got to send is the limit plus what the sockets' buffers held.
      expect(exchange.sent).toBeLessThan(lingerLimits.bytes * 3);
      expect(exchange.error).toMatch(/^(EPIPE|ECONNRESET)$/);
    });

    it('stored none of them, and still answers', async () => {
      expect(await countRegistrations(server)).toBe(0);
      expect((await register(server, validRegistration())).status).toBe(201);
    });
  });

  describe('no duplicates', () => {
    beforeEach(emptyTables);

    it('keeps exactly one row when 20 identical submissions race each other', async () => {
      const body = validRegistration();
      const responses = await Promise.all(Array.from({ length: 20 }, () => register(server, body)));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
      const conflicts = await Promise.all(
        responses.filter((r) => r.status === 409).map((r) => r.json()),
      );
      for (const conflict of conflicts) {
        expect(conflict).toEqual({
          error: {
            code: 'duplicate_email',
            message: 'Este e-mail já está inscrito.',
            fields: { email: 'Este e-mail já está inscrito.' },
          },
        });
      }
      expect(await countRegistrations(server)).toBe(1);
      expect(await loggedChanges(server)).toHaveLength(1);
    });

    it('keeps exactly one row when the racing e-mails differ only in case and spaces', async () => {
      const email = `Corrida.${Date.now()}@Exemplo.com`;
      const variants = [
        email,
        email.toLowerCase(),
        email.toUpperCase(),
        ` ${email}  `,
        `\t${email}`,
      ];
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          register(server, validRegistration({ email: variants[i % variants.length] })),
        ),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
      expect(await countRegistrations(server)).toBe(1);
    });

    it('is enforced by the database itself, not only by the route', async () => {
      expect(
        (await register(server, validRegistration({ email: 'unica@exemplo.com' }))).status,
      ).toBe(201);
      const insertAgain = server.app.db.kysely
        .insertInto('registrations')
        .values({
          id: '00000000-0000-4000-8000-000000000001',
          nome_completo: 'Outra Pessoa',
          whatsapp: '+15085550000',
          email: 'UNICA@exemplo.com',
          email_key: 'unica@exemplo.com',
          nome_compania: 'Outra',
          levar_alguem: null,
          confirmacao: null,
          created_at: new Date().toISOString(),
          event_id: currentEditionId,
        })
        .execute();
      await expect(insertAgain).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
      expect(await countRegistrations(server)).toBe(1);
    });
  });
});
