// NUL and other control characters, on both engines: PostgreSQL refuses a NUL in text with an
// error (which must never surface as a 500) and SQLite would store it. The form's fields, the
// login and the `:id` of the admin routes each answer a clear 4xx instead, and store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/api-error.ts';
import { api, withId } from '../../shared/paths.ts';
import { messages, type Registration } from '../../shared/registration.schema.ts';
import { startSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { countRegistrations, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { validRegistration } from '#test/builders/registrations.ts';

const engines = [
  {
    name: 'SQLite',
    start: async () => ({ server: await startTestServer(), drop: async () => {} }),
  },
  {
    name: 'PostgreSQL',
    start: async () => {
      const database: TempPostgres = await createTempPostgres();
      try {
        return {
          server: await startTestServer({ DATABASE_URL: database.url }),
          drop: database.drop,
        };
      } catch (error) {
        await database.drop();
        throw error;
      }
    },
  },
];

describe.each(engines)('on $name', ({ start }) => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let cookie: string;
  beforeAll(async () => {
    ({ server, drop } = await start());
    ({ cookie } = await startSession(server.app.db.kysely));
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it.each([
    ['nome_completo', 'Maria\u0000 da Silva'],
    ['email', 'maria\u0000@exemplo.com'],
    ['nome_compania', 'Construtora\u0000'],
    ['whatsapp', '+1 508\u0000555 1234'],
    ['website', '\u0000'],
  ])(
    'refuses a NUL in %s with 400 and the field message, and stores nothing',
    async (field, value) => {
      const response = await server.request(api.registrations, {
        method: 'POST',
        json: validRegistration({ [field]: value }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: 'validation',
          message: apiErrors.validation,
          fields: { [field]: messages.notText },
        },
      });
      expect(await countRegistrations(server)).toBe(0);
    },
  );

  it('refuses the other control characters and DEL as well', async () => {
    for (const control of ['\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f']) {
      const response = await server.request(api.registrations, {
        method: 'POST',
        json: validRegistration({ nome_completo: `Maria${control}Silva` }),
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toEqual({ nome_completo: messages.notText });
    }
    expect(await countRegistrations(server)).toBe(0);
  });

  it('keeps a tab or line break inside a field as one space (two cells pasted at once)', async () => {
    const response = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({
        nome_completo: 'Maria\tda Silva',
        nome_compania: 'Construtora\r\nConceição',
      }),
    });
    expect(response.status).toBe(201);
    const stored = await response.json();
    expect(stored.nome_completo).toBe('Maria da Silva');
    expect(stored.nome_compania).toBe('Construtora Conceição');
  });

  it('answers 400 (not 500) to a login with a NUL in the e-mail or the password', async () => {
    for (const body of [
      { email: 'admin\u0000@exemplo.com', password: 'uma senha longa o bastante' },
      { email: '\u0000', password: 'uma senha longa o bastante' },
      { email: 'admin@exemplo.com', password: 'uma senha\u0000 longa o bastante' },
    ]) {
      const response = await server.request(api.adminLogin, { method: 'POST', json: body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'validation', message: apiErrors.validation },
      });
    }
  });

  it('answers 404 to an id that is not a UUID, on confirm, ticket and delete', async () => {
    const ids = [
      '\u0000',
      '00000000-0000-4000-8000-000000000000\u0000',
      'abc\u0000def',
      'not-a-uuid',
      '1',
      "' or 1=1 --",
      '00000000-0000-4000-8000-00000000000', // one digit short
      '00000000-0000-4000-8000-0000000000000', // one too many
      'g0000000-0000-4000-8000-000000000000',
      'x'.repeat(65),
      'x'.repeat(500),
    ];
    const routes = [
      { method: 'POST', pattern: api.adminConfirm },
      { method: 'POST', pattern: api.adminTicket },
      { method: 'DELETE', pattern: api.adminRegistration },
    ];
    for (const id of ids) {
      for (const { method, pattern } of routes) {
        const response = await server.request(withId(pattern, id), {
          method,
          headers: { cookie },
        });
        expect({ id, method, pattern, status: response.status }).toEqual({
          id,
          method,
          pattern,
          status: 404,
        });
        expect(await response.json()).toEqual({
          error: { code: 'not_found', message: apiErrors.notFound },
        });
      }
    }
  });

  it('still finds a registration by its real id', async () => {
    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    const { id } = (await created.json()) as Registration;
    const confirmed = await server.request(withId(api.adminConfirm, id), {
      method: 'POST',
      headers: { cookie },
    });
    expect(confirmed.status).toBe(200);
  });
});
