// What the server sends for pages, before any JavaScript runs: statuses, the event in the
// page (JSON data block, title, WhatsApp link preview), and the operator's EVENT_CONFIG.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../src/server/test-support/test-server.ts';
import { startAppServer } from './support/app-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function eventJson(html: string): unknown {
  const match = /<script id="event-config" type="application\/json">([\s\S]*?)<\/script>/.exec(
    html,
  );
  return JSON.parse(match?.[1] ?? 'null');
}

describe('served pages', () => {
  it('answers 200 for every page of the site and 404 for any other path', async () => {
    server = await startAppServer();
    for (const path of ['/', '/convite', '/obrigado', '/admin', '/privacidade']) {
      const response = await server.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
    const missing = await server.request('/nao-existe');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
    const missingApi = await server.request('/api/nao-existe');
    expect(missingApi.status).toBe(404);
    expect((await missingApi.json()).error.code).toBe('not_found');
  });

  it('names the event in the title, the link preview and the JSON the app reads', async () => {
    server = await startAppServer();
    const html = await (await server.request('/convite')).text();
    expect(html).toContain('<title>Inscrição · Build Safe</title>');
    expect(html).toMatch(/property="og:title"\s+content="Inscrição · Build Safe"/);
    expect(html).toMatch(
      /property="og:description"\s+content="Conectando profissionais para construir um futuro seguro"/,
    );
    expect(eventJson(html)).toMatchObject({ name: 'Build Safe', date: '2025-12-06' });
  });

  it('takes the operator’s EVENT_CONFIG, escaped so it cannot break out of the page', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'event-')), 'event.json');
    writeFileSync(
      file,
      JSON.stringify({ name: 'Obra </script><b>Segura</b> & "Cia"', date: '2026-03-14' }),
    );
    server = await startAppServer({ EVENT_CONFIG: file });
    const html = await (await server.request('/')).text();
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('<title>Inscrição · Obra &#60;/script&#62;&#60;b&#62;Segura');
    expect(eventJson(html)).toMatchObject({
      name: 'Obra </script><b>Segura</b> & "Cia"',
      date: '2026-03-14',
      tagline: 'Conectando profissionais para construir um futuro seguro',
    });
  });
});

describe('operator text with replacement patterns', () => {
  it('keeps an event name with $ signs intact in the page and its JSON', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'event-')), 'event.json');
    const name = "Build $' $& $` $1 Safe";
    writeFileSync(file, JSON.stringify({ name }));
    server = await startAppServer({ EVENT_CONFIG: file });
    const html = await (await server.request('/convite')).text();
    expect(eventJson(html)).toMatchObject({ name });
    expect(html).toContain('<title>Inscrição · Build $&#39; $&#38; $` $1 Safe</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});

describe('lazy pages', () => {
  it('preloads the chunk of the page requested, and only that page’s', async () => {
    server = await startAppServer();
    const preloads = async (path: string) =>
      [
        ...(await (await server!.request(path)).text()).matchAll(
          /rel="modulepreload"[^>]*href="([^"]+)"/g,
        ),
      ].map((m) => m[1]);
    const form = await preloads('/convite');
    expect(form.some((href) => /registration-page-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
    expect(form.some((href) => /admin-page/.test(href ?? ''))).toBe(false);
    for (const href of form) {
      const response = await server.request(href!);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
    }
    expect(await preloads('/')).toEqual([]);
    expect((await preloads('/admin')).some((href) => /admin-page/.test(href ?? ''))).toBe(true);
    expect((await preloads('/privacidade')).some((href) => /privacy-page/.test(href ?? ''))).toBe(
      true,
    );
  });

  it('does not serve the build manifest, nor index.html without the event', async () => {
    server = await startAppServer();
    expect((await server.request('/.vite/manifest.json')).status).toBe(404);
    const raw = await server.request('/index.html');
    expect(raw.status).toBe(404);
    expect(eventJson(await raw.text())).toMatchObject({ name: 'Build Safe' });
  });
});
