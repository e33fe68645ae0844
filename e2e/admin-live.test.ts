// Live updates across open panels, and the stream coming back after a server restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, paths } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { card, expected401s, openPanel, register } from '#test/browser/admin-panel.ts';
import {
  fields,
  fillRegistrationForm,
  toast,
  uniqueEmail,
} from '#test/browser/registration-form.ts';

let browser: TestBrowser;

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
});

describe('two open panels', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startAppServer();
    // The ticket opens WhatsApp: answered here, the test never leaves the machine.
    await browser.context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/plain', body: 'ok' }),
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it('both show a new registration, a confirm, a ticket sent and a delete made anywhere, without reload', async () => {
    browser.problems.length = 0;
    const panelA = await browser.newPage();
    const panelB = await browser.newPage();
    const consoleA = expected401s(panelA, [api.adminMe]);
    await openPanel(panelA, server);
    // Same browser, same session cookie: the second tab opens straight on the panel.
    await panelB.goto(`${server.url}/admin`);
    for (const panel of [panelA, panelB]) {
      await panel.getByText('Nenhuma inscrição encontrada ainda.').waitFor();
      await panel.getByText('Ao vivo', { exact: true }).waitFor();
    }
    const navigations: string[] = [];
    for (const panel of [panelA, panelB]) {
      panel.on('framenavigated', (frame) => navigations.push(frame.url()));
    }

    // A visitor fills and sends the public form in a third page.
    const visitor = await browser.newPage();
    await visitor.goto(server.url + paths.register);
    await fillRegistrationForm(visitor, {
      nome: 'Helena Ao Vivo',
      whatsapp: '(508) 555-1234',
      email: uniqueEmail('helena'),
      empresa: 'Construtora Tempo Real',
      levar: 'Não tenho ninguém pra levar',
      confirmacao: 'Ok',
    });
    await fields(visitor).submit.click();
    await toast(visitor, 'Confirmado!').waitFor();
    await visitor.waitForURL(server.url + paths.thanks);
    for (const panel of [panelA, panelB]) {
      const helena = card(panel, 'Helena Ao Vivo');
      await helena.getByText('Pendente', { exact: true }).waitFor();
      await panel.getByText('1 inscrição · 0 confirmadas · 1 pendente').waitFor();
      // What the visitor typed, as the server stored it.
      const details = await helena.locator('dd').allTextContents();
      expect(details.slice(0, 5)).toEqual([
        '(508) 555-1234',
        expect.stringMatching(/^helena\./),
        'Construtora Tempo Real',
        'Não',
        'Ok',
      ]);
    }

    // A second one lands on top in both.
    await register(server, { nome_completo: 'Igor Mais Novo' });
    for (const panel of [panelA, panelB]) {
      await card(panel, 'Igor Mais Novo').waitFor();
      const names = await panel.locator('main li h2').allTextContents();
      expect(names).toEqual(['Igor Mais Novo', 'Helena Ao Vivo']);
    }

    // Confirm in A: B shows it.
    await card(panelA, 'Helena Ao Vivo').getByRole('button', { name: 'Confirmar' }).click();
    await card(panelB, 'Helena Ao Vivo').getByText('Confirmado', { exact: true }).waitFor();
    expect(
      await card(panelB, 'Helena Ao Vivo').getByRole('button', { name: 'Confirmar' }).count(),
    ).toBe(0);
    expect(
      await card(panelB, 'Helena Ao Vivo')
        .getByRole('button', { name: 'Enviar Ingresso' })
        .isEnabled(),
    ).toBe(true);

    // Open the ticket in WhatsApp from A: B shows whose ticket was opened.
    expect(
      await card(panelB, 'Helena Ao Vivo')
        .getByText('Ingresso aberto no WhatsApp em', { exact: false })
        .count(),
    ).toBe(0);
    const [popup] = await Promise.all([
      panelA.waitForEvent('popup'),
      card(panelA, 'Helena Ao Vivo').getByRole('button', { name: 'Enviar Ingresso' }).click(),
    ]);
    await popup.close();
    for (const panel of [panelA, panelB]) {
      await card(panel, 'Helena Ao Vivo')
        .getByText('Ingresso aberto no WhatsApp em', { exact: false })
        .waitFor();
      await panel.getByText('1 ingresso aberto no WhatsApp', { exact: false }).waitFor();
    }

    // Delete in A, through the dialog naming the person: gone from B.
    await card(panelA, 'Igor Mais Novo').getByRole('button', { name: 'Excluir' }).click();
    const dialog = panelA.getByRole('alertdialog', { name: 'Excluir inscrição?' });
    await dialog
      .getByText('A inscrição de Igor Mais Novo será apagada para sempre.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await card(panelB, 'Igor Mais Novo').waitFor({ state: 'detached' });
    await card(panelA, 'Igor Mais Novo').waitFor({ state: 'detached' });
    await panelB.getByText('1 inscrição · 1 confirmada · 0 pendentes').waitFor();

    expect(navigations).toEqual([]);
    expect(consoleA.unexpected(browser.problems)).toEqual([]);
    for (const page of [panelA, panelB, visitor]) await page.close();
  });
});

describe('a server restart', () => {
  it('the open panel reconnects by itself and shows what was created on the new server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inscricoes-restart-'));
    const dbFile = join(dir, 'inscricoes.db');
    let server = await startAppServer({}, { dbFile });
    try {
      const port = Number(new URL(server.url).port);
      await register(server, { nome_completo: 'Júlia Antes' });
      browser.problems.length = 0;
      const page = await browser.newPage();
      const console = expected401s(page, [api.adminMe]);
      await openPanel(page, server);
      await card(page, 'Júlia Antes').waitFor();
      await page.getByText('Ao vivo', { exact: true }).waitFor();
      let navigations = 0;
      page.on('framenavigated', () => (navigations += 1));

      await server.close();
      await page.getByText('Reconectando...').waitFor();
      // The same address and database file; the account and its session are in the file.
      server = await startAppServer({}, { port, dbFile });
      await register(server, { nome_completo: 'Karina Depois' });

      await card(page, 'Karina Depois').waitFor({ timeout: 20_000 });
      await page.getByText('Ao vivo', { exact: true }).waitFor();
      expect(await card(page, 'Júlia Antes').count()).toBe(1);
      // And the new stream carries changes again.
      await register(server, { nome_completo: 'Lucas Ao Vivo De Novo' });
      await card(page, 'Lucas Ao Vivo De Novo').waitFor();
      expect(navigations).toBe(0);
      // While the server was down a request may have failed to connect or met the closing
      // server's 503; nothing else.
      const unexpected = console
        .unexpected(browser.problems)
        .filter(
          (problem) =>
            !/Failed to load resource: (net::ERR_CONNECTION_REFUSED|the server responded with a status of 503)/.test(
              problem,
            ),
        );
      expect(unexpected).toEqual([]);
      await page.close();
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
