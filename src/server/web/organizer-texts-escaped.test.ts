// Whatever the organizer types is text, wherever it appears (issue 33.9): every field of 'Evento' a
// visitor or an attendee reads is set to markup and quotes, then every page (the public ones, the
// not-found page, the form's no-script answer, a ticket, a person's own page), both e-mails and the
// .ics are read as they are served, on SQLite and PostgreSQL. The markup is shown as text where
// the field shows, never run; the pages' JSON gives the values back as typed; the CSP allows no
// inline script. With e-mail configured, the thank-you pages name e-mail as the ticket's channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import {
  api,
  attendeePage,
  pagePaths,
  paths,
  setupPage,
  thanksConfirmed,
  ticketCalendar,
  ticketPage,
  withCode,
  withId,
} from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

/** Markup, both quotes and an ampersand, named after the field it is typed into. */
const hostile = (tag: string) => `'"<script>${tag}()</script>&`;
/** The same as React writes it into HTML text. */
const escaped = (tag: string) => `&#x27;&quot;&lt;script&gt;${tag}()&lt;/script&gt;&amp;`;

const typed = {
  name: hostile('nome'),
  tagline: hostile('frase'),
  venue: hostile('local'),
  city: hostile('cidade'),
  organizer: hostile('organizacao'),
  eyebrow: hostile('linha'),
  description: `${hostile('descricao')}\n\n${hostile('paragrafo')} https://recife.dev/"><script>`,
  highlights: [
    { icon: 'star', title: hostile('cartao'), text: hostile('texto') },
    { icon: 'coffee', title: 'Café', text: hostile('cafe') },
  ],
  thanks: {
    received: { title: hostile('recebida'), text: hostile('recebida-texto') },
    confirmed: { title: hostile('confirmada'), text: hostile('confirmada-texto') },
    waitlisted: { title: hostile('espera'), text: hostile('espera-texto') },
  },
  receivedEmailIntro: `Olá, {nome}! ${hostile('email-recebida')}`,
  ticketEmailIntro: `Olá, {nome}! ${hostile('email-ingresso')}`,
} satisfies Partial<EventSettings>;

/** Where each field shows, beyond the JSON a page with a script carries. */
const shownOn: Record<string, string[]> = {
  [paths.home]: ['nome', 'frase', 'linha', 'descricao', 'paragrafo', 'cartao', 'texto', 'cafe'],
  [paths.register]: ['nome', 'frase', 'local', 'cidade', 'descricao'],
  [paths.thanks]: ['nome', 'recebida', 'recebida-texto', 'local'],
  [thanksConfirmed]: ['confirmada', 'confirmada-texto'],
  '/obrigado/lista-de-espera': ['espera', 'espera-texto'],
  [paths.privacy]: ['organizacao'],
};

/** No script element but the pages' own: JSON data and built modules. */
function expectNoInjectedScript(html: string, where: string) {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  for (const tag of scripts) {
    expect(tag, where).toMatch(/type="application\/json"|type="module"|src="\/assets\//);
  }
  expect(html, where).not.toMatch(/<script>[a-z-]+\(\)/);
}

/** Every JSON block of a page, parsed: what its script is given. */
function jsonBlocks(html: string): Record<string, unknown> {
  const blocks: Record<string, unknown> = {};
  for (const [, id, text] of html.matchAll(
    /<script id="([\w-]+)" type="application\/json">([\s\S]*?)<\/script>/g,
  )) {
    blocks[id!] = JSON.parse(text!);
  }
  return blocks;
}

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    smtp = await startTestSmtp();
    server = await startTestServer({ ...env, ...sendingEnv({ smtp: smtp.url }) });
    admin = await startSession(server.app.db.kysely);
    const settings = (await (
      await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })
    ).json()) as EventSettings;
    const saved = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: admin.cookie },
      json: { ...settings, ...typed },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('shows every field as text on every public page, and gives it back whole in the JSON', async () => {
    const browserRendered = new Set<string>([paths.admin, paths.door, setupPage]);
    const pages = [...pagePaths.filter((path) => !browserRendered.has(path)), '/nao-existe'];
    const withJson: string[] = [];
    for (const path of pages) {
      const response = await server.request(path);
      const html = await response.text();
      expect(response.headers.get('content-security-policy'), path).not.toMatch(
        /script-src[^;]*unsafe-inline/,
      );
      expectNoInjectedScript(html, path);
      for (const tag of shownOn[path] ?? [])
        expect(html, `${path}: ${tag}`).toContain(escaped(tag));
      // A page with a script carries the settings as JSON (the scriptless ones carry none).
      const { 'event-config': event } = jsonBlocks(html) as { 'event-config'?: EventSettings };
      if (event) {
        withJson.push(path);
        expect(event.name, path).toBe(typed.name);
        expect(event.description, path).toBe(typed.description);
        expect(event.thanks, path).toEqual(typed.thanks);
      }
      // The messages' texts never reach a public page.
      expect(html, path).not.toContain('email-recebida');
    }
    expect(withJson).toContain(paths.register);
    // The form posted without its script: its own page.
    const formNotSent = await server.request(paths.register, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nome_completo=Maria',
    });
    expectNoInjectedScript(await formNotSent.text(), 'POST /convite');
  });

  it('names e-mail, the channel configured, as the one that carries the ticket', async () => {
    const received = await (await server.request(paths.thanks)).text();
    expect(received).toContain('Você receberá seu ingresso por e-mail em breve.');
    const confirmed = await (await server.request(thanksConfirmed)).text();
    expect(confirmed).toContain('Você também receberá seu ingresso por e-mail.');
  });

  it('keeps it text in both e-mails, the ticket page, the .ics and the person’s own page', async () => {
    const registration = await register(server, { nome_completo: hostile('pessoa') });
    const confirmedAnswer = await server.request(withId(api.adminConfirm, registration.id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    const confirmed = (await confirmedAnswer.json()) as Registration;
    const mails = await smtp.waitFor(2);
    for (const tag of ['email-recebida', 'email-ingresso']) {
      const mail = mails.find((m) => m.text?.includes(hostile(tag)));
      expect(mail, tag).toBeDefined();
      expect(mail!.subject).toContain(typed.name);
      const html = String(mail!.html);
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;script&gt;nome()&lt;/script&gt;');
      expect(html).toContain('&lt;script&gt;pessoa()&lt;/script&gt;');
    }

    const code = confirmed.ticket_code!;
    const ticket = await (await server.request(withCode(ticketPage, code))).text();
    expectNoInjectedScript(ticket, 'ticket');
    expect(ticket).toContain(escaped('nome'));
    expect(ticket).toContain(escaped('pessoa'));

    // RFC 5545 text: a comma or a semicolon escaped, markup as it was typed (a calendar shows text).
    const ics = await (await server.request(withCode(ticketCalendar, code))).text();
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`SUMMARY:${typed.name}`);
    expect(unfolded).toContain(`LOCATION:${typed.venue}\\, ${typed.city}`);

    const { personal_token: token } = await server.app.db.kysely
      .selectFrom('registrations')
      .select('personal_token')
      .where('id', '=', registration.id)
      .executeTakeFirstOrThrow();
    const own = await (await server.request(withCode(attendeePage, token!))).text();
    expectNoInjectedScript(own, 'attendee');
    expect(own).toContain(escaped('pessoa'));
  });
});
