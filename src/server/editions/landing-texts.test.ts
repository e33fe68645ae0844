// The landing page is the organizer's (issue 33.1): its line above the name, description and cards
// are settings, on a real server over HTTP on SQLite and PostgreSQL. A fresh install serves the
// original's; what an organizer saves is served at once on / (escaped, linked, in the HTML) and,
// shortened, on /convite; bad values get pt-BR errors at their field and save nothing; the next
// edition starts with them; the history names them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFieldMessages as messages } from '../../shared/event-fields.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api, paths } from '../../shared/paths.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const hostile = `<script>alert("x")</script> & 'aspas'`;

const recife = {
  eyebrow: 'Meetup de desenvolvimento',
  description: [
    'Uma noite de palestras curtas e conversa para quem programa em Recife.',
    '',
    `Programação completa em https://recife.dev/agenda. ${hostile}`,
  ].join('\n'),
  highlights: [
    { icon: 'microphone', title: 'Palestras curtas', text: 'Seis falas de 15 minutos' },
    { icon: 'people', title: 'Comunidade', text: '300 devs da cidade' },
    { icon: 'coffee', title: 'Café', text: 'Café e tapioca no intervalo' },
    { icon: 'certificate', title: hostile.slice(0, 40), text: 'Certificado de participação' },
  ],
};

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
  });
  afterAll(async () => {
    await server?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const page = async (path: string) => (await server.request(path)).text();
  const current = async () => (await (await asAdmin(api.adminEvent)).json()) as EventSettings;

  it("serves the original's texts to a fresh install", async () => {
    const settings = await current();
    expect(settings).toMatchObject({
      eyebrow: 'Evento presencial de networking',
      description: '',
      highlights: [
        { icon: 'shield', title: 'Segurança em Foco', text: 'Melhores práticas do setor' },
        { icon: 'handshake', title: 'Networking', text: 'Conexões valiosas' },
      ],
    });
    const home = await page(paths.home);
    expect(home).toContain('Evento presencial de networking');
    expect(home).toContain('Segurança em Foco');
    expect(home).toContain('Conexões valiosas');
    // The date card: the year (2025 is not this year) and the venue's name.
    expect(home).toContain('6 de dezembro de 2025');
    expect(home).toContain('Às 7:30 · Salão de eventos, Foxboro, Massachusetts');
  });

  it('refuses bad values at their field, in pt-BR, saving nothing', async () => {
    const before = await current();
    const cases: [Partial<EventSettings> | Record<string, unknown>, string, string][] = [
      [{ eyebrow: 'x'.repeat(81) }, 'eyebrow', messages.tooLong(80)],
      [{ description: 'x'.repeat(2001) }, 'description', messages.tooLong(2000)],
      [{ description: 'um\u0007dois' }, 'description', messages.notText],
      [
        { highlights: Array(5).fill({ icon: 'star', title: 'A', text: 'B' }) },
        'highlights',
        messages.tooManyHighlights,
      ],
      [
        { highlights: [{ icon: 'rocket', title: 'A', text: 'B' }] },
        'highlights',
        messages.highlightIcon,
      ],
      [
        { highlights: [{ icon: 'star', title: 'x'.repeat(41), text: 'B' }] },
        'highlights',
        messages.tooLong(40),
      ],
      [{ highlights: [{ icon: 'star', title: '', text: 'B' }] }, 'highlights', messages.required],
      [{ highlights: 'Networking' }, 'highlights', messages.highlights],
    ];
    for (const [change, field, message] of cases) {
      const response = await asAdmin(api.adminEvent, {
        method: 'PUT',
        json: { ...before, ...change },
      });
      expect(response.status, field).toBe(400);
      expect((await response.json()).error.fields).toEqual({ [field]: message });
    }
    expect(await current()).toEqual(before);
  });

  it("serves the organizer's texts at once, escaped, with paragraphs and links", async () => {
    const saved = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...(await current()), ...recife, date: '2036-03-20', venue: 'Porto Digital' },
    });
    expect(saved.status).toBe(200);
    expect(await current()).toMatchObject(recife);

    const home = await page(paths.home);
    expect(home).not.toContain('Evento presencial de networking');
    expect(home).not.toContain('Segurança em Foco');
    expect(home).toContain('Meetup de desenvolvimento');
    expect(home).toContain(
      '<p class="[overflow-wrap:anywhere]">Uma noite de palestras curtas e conversa para quem programa em Recife.</p>',
    );
    expect(home).toMatch(
      /<a href="https:\/\/recife\.dev\/agenda" rel="noopener nofollow ugc"[^>]*>https:\/\/recife\.dev\/agenda<\/a>\. &lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &#x27;aspas&#x27;/,
    );
    expect(home).not.toContain('<script>alert');
    for (const card of recife.highlights.slice(0, 3)) {
      expect(home).toContain(card.title);
      expect(home).toContain(card.text);
    }
    expect(home).toContain('20 de março de 2036');
    expect(home).toContain('Porto Digital');

    // The form page: the description's first paragraph only.
    const form = await page(paths.register);
    expect(form).toContain(
      'Uma noite de palestras curtas e conversa para quem programa em Recife.',
    );
    expect(form).toMatch(
      /<p class="[^"]*">Uma noite de palestras curtas e conversa para quem programa em Recife\.<\/p>/,
    );
    // The whole description travels in the page's JSON (the form hydrates), escaped there too.
    expect(form).not.toContain('<script>alert');
  });

  it('starts the next edition with them, and the history names them', async () => {
    const created = await asAdmin(api.adminEditions, {
      method: 'POST',
      json: { name: 'Encontro Dev Recife 2037', date: '2037-03-19' },
    });
    expect(created.status).toBe(201);
    expect(await current()).toMatchObject(recife);
    const editions = (await (await asAdmin(api.adminEditions)).json()) as { id: string }[];
    const previous = editions[1];
    const changes = (await (
      await asAdmin(api.adminEditionChanges.replace(':id', previous?.id ?? ''))
    ).json()) as { fields: string[] }[];
    expect(changes.at(-1)?.fields).toEqual(
      expect.arrayContaining(['eyebrow', 'description', 'highlights']),
    );
  });
});
