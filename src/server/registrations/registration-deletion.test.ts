// LGPD: the organizer deletes a registration for good. Every open panel hears of it at once,
// and the person's e-mail and phone can no longer be read from the database files.
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, withCode, withId } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { filesHolding as sqliteFilesHolding } from '#test/databases/sqlite-files.ts';
import { startSession } from '#test/api/sessions.ts';
import {
  changesDuring,
  loggedChanges,
  startTestServer,
  type TestServer,
} from '#test/servers/test-server.ts';
import { validRegistration } from '#test/builders/registrations.ts';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await startSession(server.app.db.kysely));
});
afterAll(() => server.close());

const filesHolding = (text: string) => sqliteFilesHolding(server.dbFile, text);

describe('DELETE /api/admin/registrations/:id', () => {
  it('removes the person for good: no e-mail or phone left in the .db, -wal or -shm bytes', async () => {
    const email = 'Apagar.Me.LGPD.7c41@Exemplo.com';
    const nome = 'Zuleica Apagável Teixeira';
    const whatsappForms = [
      '+5521987654329', // E.164, as stored
      '5521987654329',
      '21987654329',
      '(21) 98765-4329',
      '98765-4329',
      '987654329',
    ];
    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ nome_completo: nome, email, whatsapp: '+55 (21) 98765-4329' }),
    });
    expect(created.status).toBe(201);
    const registration = (await created.json()) as Registration;
    expect(registration.whatsapp).toBe('+5521987654329');

    // The search can find them while they are stored: otherwise its silence below means nothing.
    expect(filesHolding(email)).not.toEqual([]);
    expect(filesHolding(email.toLowerCase())).not.toEqual([]);
    expect(filesHolding('+5521987654329')).not.toEqual([]);
    expect(filesHolding(nome)).not.toEqual([]);

    const deleted = await server.request(withId(api.adminRegistration, registration.id), {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(deleted.status).toBe(204);

    const listed = (await (
      await server.request(api.adminRegistrations, { headers: { cookie } })
    ).json()) as Registration[];
    expect(listed.map((r) => r.id)).not.toContain(registration.id);

    for (const text of [email, email.toLowerCase(), nome, ...whatsappForms]) {
      expect(filesHolding(text), `"${text}" still on disk`).toEqual([]);
    }
  });

  it('takes the ticket, the check-in, its kept answers and the audit trail with it; one anonymous entry stays', async () => {
    const nome = 'Quitéria Apagável de Event Day';
    const empresa = 'Empresa Apagável 5f2e Ltda.';
    const email = 'quiteria.eventday.5f2e@exemplo.com';
    const person = await registerConfirmed(server, cookie, {
      nome_completo: nome,
      nome_compania: empresa,
      email,
      whatsapp: '+55 (21) 98111-2233',
    });
    const door = await startSession(server.app.db.kysely, { role: 'door' });
    expect((await postCheckIn(server, door.cookie, { code: person.ticket_code })).status).toBe(200);
    const ticketSent = await server.request(withId(api.adminTicket, person.id), {
      method: 'POST',
      headers: { cookie },
    });
    expect(ticketSent.status).toBe(200);
    // The kept check-in answer holds the name and the company: the search finds them now.
    for (const text of [nome, empresa, person.ticket_code]) {
      expect(filesHolding(text)).not.toEqual([]);
    }

    const deleted = await server.request(withId(api.adminRegistration, person.id), {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(deleted.status).toBe(204);

    for (const text of [nome, empresa, email, '+5521981112233', person.ticket_code]) {
      expect(filesHolding(text), `"${text}" still on disk`).toEqual([]);
    }
    const db = server.app.db.kysely;
    expect(
      await db
        .selectFrom('check_in_requests')
        .selectAll()
        .where('registration_id', '=', person.id)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('audit_entries')
        .select(['registration_id', 'action', 'account_id', 'actor'])
        .where('registration_id', '=', person.id)
        .execute(),
    ).toEqual([
      {
        registration_id: person.id,
        action: 'deleted',
        account_id: expect.any(String),
        actor: expect.stringMatching(/@exemplo\.com$/),
      },
    ]);
    const ticket = await server.request(withCode(api.ticket, person.ticket_code));
    expect(ticket.status).toBe(404);
  });

  it('answers while another connection holds a read, and erases once it lets go', async () => {
    // A backup, `npm run admin` or a second instance reading the same file: while its read
    // lasts, the write-ahead log cannot be emptied, and the deleted row still sits in it.
    const email = 'leitor.aberto.LGPD.93ab@exemplo.com';
    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration({ email, whatsapp: '+55 (31) 99876-5432' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Registration;
    const reader = new SQLite(server.dbFile, { readonly: true });
    try {
      reader.prepare('BEGIN').run();
      reader.prepare('SELECT count(*) FROM registrations').get();

      // Answered while the reader still holds its read. That it does not first sit out the busy
      // timeout (5 s, the event loop blocked) is a duration: bench/deletion-with-reader.ts.
      const deleted = await server.request(withId(api.adminRegistration, id), {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(deleted.status).toBe(204);
      // The checkpoint's own wait is off; the server's other work keeps its busy timeout.
      expect(server.app.db.sqlite?.pragma('busy_timeout', { simple: true })).toBe(5_000);
      // Still in the log while the reader holds it: the erasure below is what the test checks.
      expect(filesHolding(email)).toContain(`${server.dbFile}-wal`);

      reader.prepare('COMMIT').run();
      await expect
        .poll(() => [...filesHolding(email), ...filesHolding('+5531998765432')], {
          timeout: 10_000,
          interval: 200,
        })
        .toEqual([]);
    } finally {
      reader.close();
    }
  });

  it('tells every open panel at once, with the id', async () => {
    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    const { id } = (await created.json()) as Registration;
    // Two open panels, live once `ready` has arrived.
    const panels = await Promise.all([
      openLiveStream(server.url, cookie),
      openLiveStream(server.url, cookie),
    ]);
    try {
      for (const panel of panels) await panel.next((message) => message.type === 'ready');
      const changes = await changesDuring(server, async () => {
        const deleted = await server.request(withId(api.adminRegistration, id), {
          method: 'DELETE',
          headers: { cookie },
        });
        expect(deleted.status).toBe(204);
      });
      expect(changes).toEqual([{ type: 'deleted', id }]);
      const [logged] = (await loggedChanges(server)).slice(-1);
      expect(logged).toEqual({
        id: expect.any(String),
        seq: expect.any(Number),
        type: 'deleted',
        registration_id: id,
      });
      for (const panel of panels) {
        const message = await panel.next((m) => m.type === 'change' && m.data.includes(id));
        expect(message).toEqual({
          id: logged!.id,
          type: 'change',
          data: JSON.stringify({ type: 'deleted', id }),
        });
      }
    } finally {
      await Promise.all(panels.map((panel) => panel.close()));
    }
  });

  it('answers 404 for an id that does not exist, and publishes nothing', async () => {
    const changes = await changesDuring(server, async () => {
      const response = await server.request(
        withId(api.adminRegistration, '00000000-0000-4000-8000-000000000000'),
        { method: 'DELETE', headers: { cookie } },
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: 'Não encontrado.' },
      });
    });
    expect(changes).toEqual([]);
  });
});
