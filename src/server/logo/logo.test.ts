// The event's logo (issue 33.2), on a real server over HTTP on SQLite and PostgreSQL: a PNG, JPEG
// or WebP body becomes a picture at most 480 px wide, stored in the database and served from an
// address named by its content, cached for good; the pages show it with its width and height; a
// picture that is none, or too large, is refused in pt-BR saving nothing; DELETE takes it off.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
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

/** A wide banner-like picture, in the format asked. */
function picture(format: 'png' | 'jpeg' | 'webp', width = 1000, height = 200) {
  const made = sharp({ create: { width, height, channels: 4, background: '#1d4ed8' } });
  return made.toFormat(format).toBuffer();
}

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
  const current = async () => (await (await asAdmin(api.adminEvent)).json()) as EventSettings;
  const upload = async (body: Buffer | string, type: string) =>
    asAdmin(api.adminEventLogo, {
      method: 'PUT',
      headers: { 'content-type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });

  it('has none on a fresh install, and asks for a session', async () => {
    expect((await current()).logo).toBeNull();
    const anonymous = await server.request(api.adminEventLogo, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(await picture('png')),
    });
    expect(anonymous.status).toBe(401);
    expect(await (await server.request(paths.home)).text()).not.toContain('/imagens/');
  });

  it('refuses what is no PNG, JPEG or WebP, or is too large, in pt-BR, saving nothing', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const [body, type] of [
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      [gif, 'image/png'],
      [await picture('png'), 'text/plain'],
      ['{"url":"/imagens/x.png"}', 'application/json'],
    ] as const) {
      const response = await upload(body, type);
      expect(response.status, type).toBe(415);
      expect((await response.json()).error).toEqual({
        code: errorTable.logoNotAnImage.code,
        message: errorTable.logoNotAnImage.message,
      });
    }
    const huge = await upload(Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'image/png');
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toBe(errorTable.logoTooLarge.message);
    expect((await current()).logo).toBeNull();
  });

  it('stores it at most 480 px wide, served by its hash, cached for good, on every page', async () => {
    for (const format of ['jpeg', 'webp', 'png'] as const) {
      const response = await upload(await picture(format), `image/${format}`);
      expect(response.status, format).toBe(200);
      const logo = await response.json();
      expect(logo).toEqual({
        url: expect.stringMatching(
          format === 'jpeg' ? /^\/imagens\/[0-9a-f]{32}\.jpg$/ : /^\/imagens\/[0-9a-f]{32}\.png$/,
        ),
        width: 480,
        height: 96,
      });
      expect(response.headers.get('etag')).toBeTruthy();
      expect((await current()).logo).toEqual(logo);
    }
    const { logo } = await current();
    const served = await server.request(logo!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 480, 96]);
    // Another address for the same hash, or an unknown one: not found.
    expect((await server.request(logo!.url.replace('.png', '.jpg'))).status).toBe(404);
    expect((await server.request('/imagens/' + '0'.repeat(32) + '.png')).status).toBe(404);

    const tag = `<img src="${logo!.url}" width="480" height="96" alt="Logotipo de Build Safe"`;
    expect(await (await server.request(paths.home)).text()).toContain(tag);
    expect(await (await server.request(paths.register)).text()).toContain(tag);
  });

  it('is kept by a settings save, never named by one, and audited', async () => {
    const before = await current();
    const kept = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...before, tagline: 'Outra frase' },
    });
    expect(kept.status).toBe(200);
    expect((await current()).logo).toEqual(before.logo);
    const named = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: { ...before, logo: { url: `/imagens/${'a'.repeat(32)}.png`, width: 10, height: 10 } },
    });
    expect(named.status).toBe(400);
    expect((await named.json()).error.fields).toEqual({ logo: messages.logo });
    const editions = (await (await asAdmin(api.adminEditions)).json()) as { id: string }[];
    const changes = (await (
      await asAdmin(api.adminEditionChanges.replace(':id', editions[0]?.id ?? ''))
    ).json()) as { fields: string[] }[];
    expect(changes.some((change) => change.fields.includes('logo'))).toBe(true);
  });

  it('is taken off by DELETE', async () => {
    const response = await asAdmin(api.adminEventLogo, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect((await current()).logo).toBeNull();
    expect(await (await server.request(paths.home)).text()).not.toContain('/imagens/');
  });
});
