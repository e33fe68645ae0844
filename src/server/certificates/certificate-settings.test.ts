// The certificate's settings (issue 36.1) in GET/PUT /api/admin/event as `certificate`, on a real
// server over HTTP on SQLite and PostgreSQL: off by default with the original text, saved and
// served back, bad values refused at the field in pt-BR saving nothing, copied to the next
// edition, named in the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateMessages,
  certificateSettingsSchema,
} from '../../shared/certificate-settings.schema.ts';
import { certificateHours, defaultCertificateText } from '../../shared/certificate-text.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api } from '../../shared/paths.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const issuing = {
  enabled: true,
  hours: 7.5,
  text: 'Certificamos que {nome} esteve no {evento} ({carga_horaria}).',
  signers: [
    { name: 'Zoë Façanha', role: 'Coordenação' },
    { name: 'João Ñandú', role: 'Organização' },
  ],
};

describe('the workload', () => {
  it("is the one set, or the event's duration rounded to the half hour", () => {
    expect(certificateHours({ hours: 3 }, 600)).toBe(3);
    expect(certificateHours({ hours: null }, 240)).toBe(4);
    expect(certificateHours({ hours: null }, 250)).toBe(4);
    expect(certificateHours({ hours: null }, 260)).toBe(4.5);
    expect(certificateHours({ hours: null }, 5)).toBe(0.5);
  });

  it('comes in half hours', () => {
    const parse = (hours: number) =>
      certificateSettingsSchema.safeParse({ ...issuing, hours }).success;
    expect([0.5, 1, 7.5, 1000].map(parse)).toEqual([true, true, true, true]);
    expect([0, 0.25, 7.3, 1000.5, -1].map(parse)).toEqual([false, false, false, false, false]);
  });
});

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
  }, 60_000);
  afterAll(() => server?.close());

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const current = async () => (await (await asAdmin(api.adminEvent)).json()) as EventSettings;

  it('is off by default, with the original text and no signer', async () => {
    expect((await current()).certificate).toEqual({
      enabled: false,
      hours: null,
      text: defaultCertificateText,
      signers: [],
    });
  });

  it('refuses bad values at the field, in pt-BR, saving nothing', async () => {
    const before = await current();
    const cases: [unknown, string][] = [
      [{ ...issuing, signers: [] }, certificateMessages.signers],
      [
        { ...issuing, signers: [...issuing.signers, issuing.signers[0]] },
        certificateMessages.signers,
      ],
      [
        { ...issuing, text: 'Certificamos que {nome} veio em {hora}.' },
        certificateMessages.placeholder('hora'),
      ],
      [{ ...issuing, text: '  ' }, certificateMessages.text(1000)],
      [{ ...issuing, hours: 2.25 }, certificateMessages.hours],
      ['[object Object]', certificateMessages.certificate],
      [
        { ...issuing, signers: [{ name: '', role: 'Direção' }] },
        certificateMessages.signerName(120),
      ],
    ];
    for (const [certificate, message] of cases) {
      const response = await asAdmin(api.adminEvent, {
        method: 'PUT',
        json: { ...before, certificate },
      });
      expect(response.status, JSON.stringify(certificate)).toBe(400);
      expect((await response.json()).error.fields).toEqual({ certificate: message });
    }
    expect(await current()).toEqual(before);
  });

  it('is saved and served back, copied to the next edition and named in the history', async () => {
    const saved = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...(await current()), certificate: issuing },
    });
    expect(saved.status).toBe(200);
    expect((await current()).certificate).toEqual(issuing);

    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { name: 'Encontro Dev Recife 2037', date: '2037-03-19' },
    });
    expect(created.status).toBe(201);
    expect((await current()).certificate).toEqual(issuing);
    const editions = (await (await asAdmin(api.adminEditions)).json()) as { id: string }[];
    const history = await Promise.all(
      editions.map(
        async (edition) =>
          (await (await asAdmin(api.adminEditionChanges.replace(':id', edition.id))).json()) as {
            fields: string[];
          }[],
      ),
    );
    expect(history.flat().flatMap((change) => change.fields)).toContain('certificate');
  });
});
