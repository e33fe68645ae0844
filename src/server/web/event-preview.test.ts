// 'Ver página' on a real server over HTTP (issue 33.8, decision 0222): the landing and the form
// rendered with settings not saved, by the public pages' renderer, for admins only (401 without a
// session, 403 for the door), kept out of search engines and caches, with no script and a policy
// that allows none inline; the published pages and the stored settings stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewForm } from '../../shared/event-preview.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api, paths } from '../../shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import type { TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let admin: TestSession;
let saved: EventSettings;

beforeAll(async () => {
  server = await startAppServer();
  admin = await startSession(server.app.db.kysely);
  saved = (await (
    await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })
  ).json()) as EventSettings;
});
afterAll(async () => {
  await server?.close();
});

const draftOf = (change: Partial<EventSettings>) => ({ ...saved, ...change });

function preview(settings: unknown, page: string, headers: Record<string, string> = {}) {
  return server.request(previewForm.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({
      [previewForm.settings]: typeof settings === 'string' ? settings : JSON.stringify(settings),
      [previewForm.page]: page,
    }).toString(),
  });
}

const meetup = {
  name: 'Recife Dev Meetup <3',
  description: 'Palestras curtas e conversa boa.\n\nTraga seu notebook: https://exemplo.com/agenda',
};

describe('the preview of unsaved settings', () => {
  it('is for admins only', async () => {
    expect((await preview(draftOf(meetup), 'inicio')).status).toBe(401);
    const door = await startSession(server.app.db.kysely, { role: 'door' });
    expect((await preview(draftOf(meetup), 'inicio', { cookie: door.cookie })).status).toBe(403);
    const crossSite = await preview(draftOf(meetup), 'inicio', {
      cookie: admin.cookie,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
  });

  it('shows the landing and the form with them, unindexed, uncached, with no script', async () => {
    for (const [page, heading] of [
      ['inicio', '<h1'],
      ['formulario', 'Inscrição'],
    ] as const) {
      const response = await preview(draftOf(meetup), page, { cookie: admin.cookie });
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('<script');
      expect(html).toContain(heading);
      // Escaped as on the published pages.
      expect(html).toContain('Recife Dev Meetup &lt;3');
      expect(html).not.toContain('Recife Dev Meetup <3');
      expect(html).toContain('Pré-visualização: estas alterações ainda não foram salvas.');
    }
    // The form is there to be seen, not sent: nothing typed in a preview registers anyone.
    const asAdmin = { cookie: admin.cookie };
    const form = await (await preview(draftOf(meetup), 'formulario', asAdmin)).text();
    expect(form).toMatch(/<form inert [^>]*action="\/convite"/);
    const landing = await (
      await preview(draftOf(meetup), 'inicio', { cookie: admin.cookie })
    ).text();
    expect(landing).toContain('Palestras curtas e conversa boa.');
    expect(landing).toContain('href="https://exemplo.com/agenda"');
  });

  it('changes neither the published pages nor the stored settings', async () => {
    expect((await preview(draftOf(meetup), 'inicio', { cookie: admin.cookie })).status).toBe(200);
    for (const path of [paths.home, paths.register]) {
      const published = await (await server.request(path)).text();
      expect(published, path).toContain(saved.name);
      expect(published, path).not.toContain('Recife Dev Meetup');
      expect(published, path).not.toContain('Pré-visualização');
    }
    const stored = await server.request(api.adminEvent, { headers: { cookie: admin.cookie } });
    expect(await stored.json()).toEqual(saved);
  });

  it('refuses settings a save would refuse, and a logo that is not stored', async () => {
    const asAdmin = { cookie: admin.cookie };
    expect((await preview('{not json', 'inicio', asAdmin)).status).toBe(400);
    expect((await preview(draftOf({ name: '' }), 'inicio', asAdmin)).status).toBe(400);
    expect((await preview(draftOf(meetup), 'admin', asAdmin)).status).toBe(400);
    const elsewhere = draftOf({
      logo: { url: `/imagens/${'a'.repeat(32)}.png`, width: 10, height: 10 },
    });
    const refused = await preview(elsewhere, 'inicio', asAdmin);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toHaveProperty('logo');
  });
});
