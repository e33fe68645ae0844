// What the server sends for pages, before any JavaScript runs: statuses, the event in the
// page (JSON data block, title, WhatsApp link preview), and the operator's EVENT_CONFIG.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawGet as rawGetWith } from '#test/api/raw-get.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';

let server: TestServer | undefined;
// The operators' EVENT_CONFIG files.
const dir = mkdtempSync(join(tmpdir(), 'event-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
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
    for (const path of ['/', '/convite', '/obrigado', '/admin', '/privacidade', '/portaria']) {
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

  it('leads a page’s address with a slash at its end to the page, query string kept', async () => {
    server = await startAppServer();
    for (const path of ['/convite', '/obrigado', '/obrigado/lista-de-espera', '/admin']) {
      const response = await server.request(`${path}/?utm_source=whatsapp&x=%C3%A9`, {
        redirect: 'manual',
      });
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(`${path}?utm_source=whatsapp&x=%C3%A9`);
      const followed = await server.request(`${path}/`);
      expect(followed.status, path).toBe(200);
      expect(followed.url, path).toBe(`${server.url}${path}`);
    }
    // Only the one slash: anything under a page is not found.
    expect((await server.request('/convite/x', { redirect: 'manual' })).status).toBe(404);
    expect((await server.request('/convite//', { redirect: 'manual' })).status).toBe(404);
  });

  it('names the event in the title, the link preview and the JSON the app reads', async () => {
    server = await startAppServer();
    const html = await (await server.request('/convite')).text();
    // The site's public address, for the ticket links the panel sends.
    const publicUrl = /<script id="public-url" type="application\/json">([\s\S]*?)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(publicUrl?.[1] ?? 'null')).toBe(server.config.publicUrl);
    // Its dates, formatted by the server: hydrating runs no Intl formatter.
    const dates = /<script id="event-dates" type="application\/json">([\s\S]*?)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(dates?.[1] ?? 'null')).toEqual({
      date: '6 de dezembro de 2025',
      dayMonth: '6 de dezembro',
      cardDate: '6 de dezembro de 2025',
      retentionEnd: '6 de março de 2026',
      registration: 'open',
      registrationOpens: '',
    });
    expect(html).toContain('<title>Inscrição · Build Safe</title>');
    expect(html).toMatch(/property="og:title"\s+content="Inscrição · Build Safe"/);
    expect(html).toMatch(
      /property="og:description"\s+content="Conectando profissionais para construir um futuro seguro"/,
    );
    expect(eventJson(html)).toMatchObject({ name: 'Build Safe', date: '2025-12-06' });
  });

  it('takes the operator’s EVENT_CONFIG, escaped so it cannot break out of the page', async () => {
    const file = join(dir, 'escaped.json');
    writeFileSync(
      file,
      JSON.stringify({ name: 'Obra </script><b>Segura</b> & "Cia"', date: '2026-03-14' }),
    );
    server = await startAppServer({ EVENT_CONFIG: file });
    const html = await (await server.request('/convite')).text();
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('<title>Inscrição · Obra &#60;/script&#62;&#60;b&#62;Segura');
    // The rendered page shows the operator's event, escaped as text.
    expect(html).toContain('Obra &lt;/script&gt;&lt;b&gt;Segura&lt;/b&gt; &amp; &quot;Cia&quot;');
    expect(html).toContain('14 de março de 2026');
    expect(eventJson(html)).toMatchObject({
      name: 'Obra </script><b>Segura</b> & "Cia"',
      date: '2026-03-14',
      tagline: 'Conectando profissionais para construir um futuro seguro',
    });
  });
});

describe('operator text with replacement patterns', () => {
  it('keeps an event name with $ signs intact in the page and its JSON', async () => {
    const file = join(dir, 'dollars.json');
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
    const lazyChunk = /(registration|privacy|admin)-page/;
    for (const path of ['/', '/privacidade', '/obrigado']) expect(await preloads(path)).toEqual([]);
    expect((await preloads('/admin')).some((href) => /admin-page/.test(href ?? ''))).toBe(true);
    // The form page preloads only its own small entry's imports; the app's code, its chunk
    // included, is listed for that entry to fetch after the first paint.
    const form = await (await server.request('/convite')).text();
    expect((await preloads('/convite')).filter((href) => lazyChunk.test(href ?? ''))).toEqual([]);
    expect(form).toMatch(/<script type="module"[^>]*src="\/assets\/form-page-entry-[\w-]+\.js"/);
    const code = JSON.parse(
      /<script id="page-code" type="application\/json">([\s\S]*?)<\/script>/.exec(form)![1]!,
    ) as { entry: string; modules: string[] };
    expect(code.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(code.modules.some((href) => /registration-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(code.modules.some((href) => /admin-page/.test(href))).toBe(false);
    for (const href of [code.entry, ...code.modules]) {
      const response = await server.request(href);
      await response.arrayBuffer();
      expect(response.status, href).toBe(200);
    }
  });

  it('inlines in each public page its own style sheet, smaller than the whole app’s', async () => {
    server = await startAppServer();
    const sheet = async (path: string) => {
      const html = await (await server!.request(path)).text();
      return { html, css: /<style>([\s\S]*?)<\/style>/.exec(html)![1]! };
    };
    const app = (await sheet('/admin')).css;
    for (const path of ['/', '/convite', '/obrigado', '/privacidade']) {
      const { html, css } = await sheet(path);
      expect(html, path).not.toMatch(/<link rel="stylesheet"/);
      expect(css.length, path).toBeLessThan(0.75 * app.length);
    }
  });

  it('does not serve the build manifest, nor index.html without the event', async () => {
    server = await startAppServer();
    expect((await server.request('/.vite/manifest.json')).status).toBe(404);
    const raw = await server.request('/index.html');
    expect(raw.status).toBe(404);
    // The not-found page, rendered with the event: not the built template.
    const html = await raw.text();
    expect(html).toContain('<title>Página não encontrada · Build Safe</title>');
    expect(html).toContain('Oops! Page not found');
  });
});

describe('rendered on the server', () => {
  it('sends each public page with its text, its form and the event already in it', async () => {
    server = await startAppServer();
    const html = async (path: string) => (await server!.request(path)).text();
    const landing = await html('/');
    for (const text of ['Build Safe', 'Fazer Inscrição', 'Segurança em Foco', 'Networking']) {
      expect(landing).toContain(text);
    }
    expect(landing).toContain('6 de dezembro');
    expect(landing).toContain('<title>Build Safe</title>');

    const form = await html('/convite');
    for (const text of [
      'Nome completo',
      'WhatsApp',
      'E-mail',
      'Nome da empresa',
      'Quer levar alguém?',
      'Ok, entendido.',
      'Já coloquei na agenda',
      'Confirmar Presença',
      'Estados Unidos (+1)',
      '6 de dezembro de 2025, às\u00a07:30',
    ]) {
      expect(form).toContain(text);
    }
    expect(form).toMatch(/<input(?=[^>]*name="nome_completo")(?=[^>]*required)[^>]*>/);
    // The country picker comes with the chosen country alone: the list fills in when reached.
    expect(form.match(/<option\b/g)).toHaveLength(1);

    expect(await html('/obrigado')).toContain('Sua inscrição foi realizada com sucesso!');
    expect(await html('/privacidade')).toContain('Como usamos seus dados');
    const missing = await server.request('/nao-existe');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
    // The admin panel knows nothing before its script asks who is logged in.
    expect(await html('/admin')).toContain('<div id="root"></div>');
  });
});

/** A GET accepting exactly these encodings, the body as sent. */
const rawGet = (base: string, path: string, acceptEncoding: string) =>
  rawGetWith(base, path, { 'accept-encoding': acceptEncoding });

describe('compression', () => {
  const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

  it('sends pages in Brotli, else gzip, else as is, all varying on Accept-Encoding', async () => {
    server = await startAppServer();
    const plain = await server.request('/convite', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const text = await plain.text();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await rawGet(server.url, '/convite', accept);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoders[encoding](response.body).toString('utf8')).toBe(text);
    }
  });

  it('answers 304 to a browser that has the page already', async () => {
    server = await startAppServer();
    const first = await server.request('/', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await server.request('/', {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });

  it('answers 304 to the tag weakened by a proxy, to a list of tags, and to *', async () => {
    server = await startAppServer();
    const first = await server.request('/', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag')!;
    // A proxy that rewrites pages (Cloudflare's, nginx's sub_filter) hands the browser W/"…";
    // a cache holding several copies sends all its tags (RFC 9110, 13.1.2 and 13.1.2's list).
    for (const ifNoneMatch of [`W/${etag}`, `"another", ${etag}`, `"a",W/${etag}`, '*']) {
      const again = await server.request('/', {
        headers: { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch },
      });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get('etag'), ifNoneMatch).toBe(etag);
    }
    const other = await server.request('/', {
      headers: { 'accept-encoding': 'br', 'if-none-match': '"another", W/"other-br"' },
    });
    expect(other.status).toBe(200);
  });

  it('reads content codings whatever their case (GZIP is gzip)', async () => {
    server = await startAppServer();
    const response = await rawGet(server.url, '/convite', 'GZIP, Br;Q=0');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).toString('utf8')).toContain('<div id="root">');
  });

  it('sends built files compressed at build time, cached for a year, with their own headers', async () => {
    server = await startAppServer();
    const html = await (await server.request('/admin')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1]!,
    );
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of [...assets, '/favicon.svg']) {
      const response = await rawGet(server.url, asset, 'br, gzip');
      expect(response.headers['content-encoding'], asset).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // The page policies do nothing on a script or a style sheet.
      expect(response.headers['content-security-policy']).toBeUndefined();
      if (asset.startsWith('/assets/')) {
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const file = readFileSync(join(server.config.webRoot, asset));
      expect(brotliDecompressSync(response.body).equals(file)).toBe(true);
    }
  });
});

describe('the check-in screen', () => {
  const scriptSrc = (response: Response) =>
    /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

  it('is the only page that may compile WebAssembly (its QR decoder)', async () => {
    server = await startAppServer();
    const door = await server.request('/portaria');
    expect(await door.text()).toContain('<div id="root"></div>');
    expect(scriptSrc(door)).toBe("'self' 'wasm-unsafe-eval'");
    for (const path of ['/', '/convite', '/obrigado', '/admin', '/privacidade', '/nao-existe']) {
      expect(scriptSrc(await server.request(path)), path).toBe("'self'");
    }
  });

  it('has a service worker that keeps the screen and its decoder, never another page’s code', async () => {
    server = await startAppServer();
    const worker = await rawGet(server.url, '/portaria-sw.js', 'identity');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    const source = worker.body.toString('utf8');
    const files = JSON.parse(/const files = (\[[^\]]*\]);/.exec(source)![1]!) as string[];
    expect(source).toContain('const page = "/portaria";');
    expect(files.some((file) => /\/assets\/door-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(files.some((file) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(file))).toBe(true);
    expect(files.filter((file) => /(registration|privacy|admin)-page/.test(file))).toEqual([]);
    for (const file of files) {
      expect((await rawGet(server.url, file, 'br, gzip')).status, file).toBe(200);
    }
    const wasm = files.find((file) => file.endsWith('.wasm'))!;
    const served = await rawGet(server.url, wasm, 'br');
    expect(served.headers['content-type']).toBe('application/wasm');
    expect(served.headers['content-encoding']).toBe('br');
  });
});

describe('a body that is not the form the browser posts itself (the form page’s script never ran)', () => {
  /** What the form sends when the browser posts it: someone's registration. */
  const fields = new URLSearchParams({
    nome_completo: 'Pessoa Postou Direto',
    email: 'postou.direto@exemplo.com',
    whatsapp: '(11) 91234-5678',
  });
  const secret = 'postou.direto@exemplo.com';

  // The form's own urlencoded fields are taken in (registration-form.routes.test.ts, 0209).
  it('answers any other body a page without script that says nothing was sent', async () => {
    const log = new PassThrough();
    let logged = '';
    log.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
    server = await startAppServer({}, { logStream: log });
    const bodies: Array<[string, RequestInit]> = [
      ['a form sent as multipart', { body: formData(fields) }],
      ['text/plain', { body: `email=${secret}`, headers: { 'content-type': 'text/plain' } }],
      ['a made-up type', { body: secret, headers: { 'content-type': 'application/x-outro' } }],
      ['no type', { body: new Blob([secret]) }],
      ['a type that does not parse', { body: secret, headers: { 'content-type': '/;;' } }],
      [
        'past the 16 KB body limit',
        { body: `${fields.toString()}&empresa=${'x'.repeat(64 * 1024)}` },
      ],
    ];
    for (const [what, init] of bodies) {
      const response = await server.request(`/convite?utm_source=whatsapp`, {
        method: 'POST',
        ...init,
        headers: { 'sec-fetch-site': 'same-origin', ...init.headers },
      });
      expect(response.status, what).toBe(400);
      expect(response.headers.get('content-type'), what).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), what).toBe('no-store');
      expect(response.headers.get('x-robots-tag'), what).toBe('noindex');
      expect(response.headers.get('content-security-policy'), what).toMatch(/script-src 'self'/);
      expect(response.headers.get('x-frame-options'), what).toBe('DENY');
      const html = await response.text();
      expect(html, what).toContain('<title>Inscrição não enviada · Build Safe</title>');
      expect(html, what).toContain('Sua inscrição não foi enviada');
      expect(html, what).toContain('Use o botão Voltar do navegador');
      expect(html, what).toContain('toque em “Confirmar Presença” de novo');
      expect(html, what).toContain('Se acontecer de novo, confira sua conexão');
      expect(html, what).toContain('<meta name="robots" content="noindex">');
      expect(html, what).toMatch(/<a[^>]*href="\/convite"[^>]*>Abrir o formulário de novo<\/a>/);
      expect(html, what).not.toMatch(/<script\b/);
      expect(html, what).not.toContain(secret);
    }
    // Nothing of what was sent is kept or logged.
    expect(await server.app.db.kysely.selectFrom('registrations').selectAll().execute()).toEqual(
      [],
    );
    expect(logged).toContain('/convite');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('Pessoa Postou');
    // The connection still serves the next request.
    expect((await server.request('/convite')).status).toBe(200);
  });

  it('still refuses a post another site makes the browser send', async () => {
    server = await startAppServer();
    const response = await server.request('/convite', {
      method: 'POST',
      body: fields,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://outro.exemplo' },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('cross_site');
  });
});

function formData(params: URLSearchParams): FormData {
  const data = new FormData();
  for (const [name, value] of params) data.append(name, value);
  return data;
}
