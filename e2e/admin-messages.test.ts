// The organizer's side of the messages that leave by themselves, in Chromium against the real
// server with a real SMTP server and a local stand-in for Meta's Graph API (both on loopback, in
// this process): bulk confirmation, each channel's state live on the cards, the failed ones
// sent again, the filters, the history, a paused channel, the panel without any channel, and the
// privacy page naming the providers.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, paths, withId } from '../src/shared/paths.ts';
import type { Registration } from '../src/shared/registration.schema.ts';
import { pauseChannel, resumeChannel } from '../src/server/messages/sending-pauses.repository.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { signature, statusReport } from '#test/stand-ins/whatsapp-webhook.ts';
import { seedRegistrations, type TestServer } from '#test/servers/test-server.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { admin, animationsDone, card, openPanel, register } from '#test/browser/admin-panel.ts';

const appSecret = 'segredo-do-app-do-painel';
const refusedReason = 'O servidor de e-mail recusou a mensagem (550): confira o endereço.';

let smtp: TestSmtp;
let graph: TestGraphApi;
let server: TestServer;
let browser: TestBrowser;
let cookie: string;
const pages: Page[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  graph = await startTestGraphApi();
  server = await startAppServer({
    ...admin,
    ...sendingEnv({
      smtp: smtp.url,
      graph,
      webhook: { appSecret, verifyToken: 'token-de-verificacao' },
    }),
  });
  cookie = (await startSession(server.app.db.kysely)).cookie;
  browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await graph?.close();
  await smtp?.close();
});

beforeEach(async () => {
  for (const page of pages.splice(0)) await page.close();
  browser.problems.length = 0;
  await server.app.db.kysely.deleteFrom('registrations').execute();
});

async function newPage() {
  const page = await browser.newPage();
  pages.push(page);
  return page;
}

let phoneCounter = 0;
/** A number of its own per person: the Graph API stand-in's requests are found by it. */
function uniquePhone(): string {
  phoneCounter += 1;
  return `+1508555${String(2000 + phoneCounter).slice(-4)}`;
}

function wamidOf(registration: Registration): string {
  const digits = registration.whatsapp.replace(/\D/g, '');
  const request = graph.requests.find((r) => r.body.to === digits && r.wamid);
  if (!request?.wamid) throw new Error(`no WhatsApp message to ${digits}`);
  return request.wamid;
}

/** Meta's signed status report for one message. */
async function reportStatus(wamid: string, status: 'delivered' | 'read') {
  const body = statusReport(wamid, status);
  const signed = signature(body, appSecret);
  const response = await fetch(server.url + api.whatsappWebhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed },
    body,
  });
  expect(response.status).toBe(200);
}

/** The POST bodies the page sends to one API path. */
function postsTo(page: Page, path: string) {
  const bodies: Array<{ ids: string[] }> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) {
      bodies.push(request.postDataJSON() as { ids: string[] });
    }
  });
  return bodies;
}

/** One channel's line on a card: 'E-mail · Ingresso: Enviado'. */
function line(page: Page, name: string, text: string) {
  return card(page, name)
    .getByRole('list', { name: 'Envio automático' })
    .getByRole('listitem')
    .filter({ hasText: text });
}

describe('messages on the panel', () => {
  it('confirms the selected cards in one request, says what happened, and shows each channel live', async () => {
    const refused = 'carla.recusada@exemplo.com';
    smtp.refuse(refused);
    const ana = await register(server, { nome_completo: 'Ana Conceição', whatsapp: uniquePhone() });
    const bruno = await register(server, { nome_completo: 'Bruno Souza', whatsapp: uniquePhone() });
    const carla = await register(server, {
      nome_completo: 'Carla Dias',
      whatsapp: uniquePhone(),
      email: refused,
    });
    const diego = await register(server, { nome_completo: 'Diego Lima', whatsapp: uniquePhone() });
    const eva = await register(server, { nome_completo: 'Eva Souto', whatsapp: uniquePhone() });
    const page = await newPage();
    const confirmations = postsTo(page, api.adminBulkConfirm);
    await openPanel(page, server);

    // The receipt, by e-mail: sent, or refused with the mail server's reason.
    await line(page, 'Ana Conceição', 'E-mail · Inscrição recebida: Enviado').waitFor();
    await line(
      page,
      'Carla Dias',
      `E-mail · Inscrição recebida: Falhou: ${refusedReason}`,
    ).waitFor();

    for (const name of ['Ana Conceição', 'Bruno Souza', 'Carla Dias', 'Diego Lima', 'Eva Souto']) {
      await page.getByRole('checkbox', { name: `Selecionar ${name}` }).check();
    }
    const bar = page.getByRole('region', { name: 'Ações em lote' });
    await bar.getByText('5 inscrições selecionadas').waitFor();
    // Meanwhile another organizer confirms Diego; the card follows, still selected.
    const other = await server.request(withId(api.adminConfirm, diego.id), {
      method: 'POST',
      headers: { cookie },
    });
    expect(other.status).toBe(200);
    await card(page, 'Diego Lima').getByText('Confirmado', { exact: true }).waitFor();
    // And someone deletes Eva while our request is on its way.
    await page.route(`**${api.adminBulkConfirm}`, async (route) => {
      const deleted = await server.request(withId(api.adminRegistration, eva.id), {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(deleted.status).toBe(204);
      await route.continue();
    });
    await bar.getByRole('button', { name: 'Confirmar selecionados (5)' }).click();

    await page.getByText('3 inscrições confirmadas', { exact: true }).waitFor();
    await page.getByText('1 já estava confirmada; 1 não existe mais.', { exact: true }).waitFor();
    expect(confirmations).toHaveLength(1);
    expect(new Set(confirmations[0]!.ids)).toEqual(
      new Set([ana.id, bruno.id, carla.id, diego.id, eva.id]),
    );
    // The selection is spent.
    await bar.waitFor({ state: 'detached' });
    await page.getByText('4 inscrições · 4 confirmadas · 0 pendentes', { exact: false }).waitFor();

    // The tickets leave by themselves; each card follows.
    for (const name of ['Ana Conceição', 'Bruno Souza']) {
      await line(page, name, 'E-mail · Ingresso: Enviado').waitFor();
      await line(page, name, 'WhatsApp · Ingresso: Enviado').waitFor();
    }
    await line(page, 'Carla Dias', `E-mail · Ingresso: Falhou: ${refusedReason}`).waitFor();
    await line(page, 'Carla Dias', 'WhatsApp · Ingresso: Enviado').waitFor();

    // Meta reports the WhatsApp ticket delivered, then read.
    await reportStatus(wamidOf(ana), 'delivered');
    await line(page, 'Ana Conceição', 'WhatsApp · Ingresso: Entregue').waitFor();
    await reportStatus(wamidOf(ana), 'read');
    await line(page, 'Ana Conceição', 'WhatsApp · Ingresso: Lido').waitFor();
    await reportStatus(wamidOf(bruno), 'delivered');
    await line(page, 'Bruno Souza', 'WhatsApp · Ingresso: Entregue').waitFor();

    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The history lists every message with its times.
    await card(page, 'Ana Conceição').getByRole('button', { name: 'Histórico' }).click();
    const history = card(page, 'Ana Conceição').getByRole('region', { name: 'Mensagens' });
    await history.getByText('WhatsApp · Ingresso: Lido', { exact: false }).waitFor();
    const entries = await history.getByRole('listitem').allInnerTexts();
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatch(/^E-mail · Inscrição recebida: Enviado \(criada em .+\)$/);
    expect(entries.slice(1).sort()).toEqual([
      expect.stringMatching(/^E-mail · Ingresso: Enviado \(criada em .+\)$/),
      expect.stringMatching(/^WhatsApp · Ingresso: Lido \(criada em .+\)$/),
    ]);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // One message again, from its line.
    const accepted = smtp.received.length;
    await line(page, 'Ana Conceição', 'E-mail · Ingresso')
      .getByRole('button', { name: 'Reenviar' })
      .click();
    await page.getByText('Nova cópia na fila de envio.').waitFor();
    await smtp.waitFor(accepted + 1);
    await line(page, 'Ana Conceição', 'E-mail · Ingresso: Enviado').waitFor();
    // The open history says who asked for it, among the other entries.
    await card(page, 'Ana Conceição')
      .getByRole('listitem')
      .filter({ hasText: /\S+@exemplo\.com reenviou a mensagem E-mail · Ingresso$/ })
      .waitFor();
    expect(browser.problems).toEqual([]);
  });

  it('filters by state with the search, and sends the failed ones again in one request', async () => {
    const refused = 'fabio.recusado@exemplo.com';
    smtp.refuse(refused);
    await register(server, { nome_completo: 'Fábio Recusado', email: refused });
    await register(server, { nome_completo: 'Gina Pendente' });
    const hugo = await register(server, {
      nome_completo: 'Hugo Confirmado',
      whatsapp: uniquePhone(),
    });
    await server.request(withId(api.adminConfirm, hugo.id), {
      method: 'POST',
      headers: { cookie },
    });
    const page = await newPage();
    const resends = postsTo(page, api.adminBulkResend);
    await openPanel(page, server);
    await line(page, 'Fábio Recusado', 'Falhou').waitFor();
    await line(page, 'Hugo Confirmado', 'WhatsApp · Ingresso: Enviado').waitFor();
    await line(page, 'Hugo Confirmado', 'E-mail · Ingresso: Enviado').waitFor();
    const names = () => page.locator('main h2').allTextContents();

    const views = page.getByRole('group', { name: 'Mostrar' });
    /** Picks a filter as a person does: by its label (the radio itself is visually hidden). */
    async function choose(name: string) {
      await views.locator('label').filter({ hasText: name }).click();
      expect(await views.getByRole('radio', { name }).isChecked()).toBe(true);
    }
    await choose('Com falha (1)');
    await expect.poll(names).toEqual(['Fábio Recusado']);
    // Hugo's WhatsApp ticket is only with Meta, not delivered; his e-mail went: he has it.
    await choose('Ingresso não entregue (0)');
    await page.getByText('Nenhuma inscrição neste filtro.').waitFor();
    await choose('Pendentes (2)');
    await expect.poll(names).toEqual(['Gina Pendente', 'Fábio Recusado']);
    // Combined with the search.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('gina');
    await expect.poll(names).toEqual(['Gina Pendente']);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await choose('Confirmadas (1)');
    await expect.poll(names).toEqual(['Hugo Confirmado']);
    await choose('Todas (3)');
    await expect.poll(async () => (await names()).length).toBe(3);

    const refusals = () => smtp.attempts.filter((a) => a.to === refused).length;
    const before = refusals();
    await page.getByRole('button', { name: 'Selecionar todos com falha' }).click();
    const bar = page.getByRole('region', { name: 'Ações em lote' });
    await bar.getByRole('button', { name: 'Reenviar falhas (1)' }).click();
    await page.getByText('1 mensagem na fila para reenvio.').waitFor();
    expect(resends).toHaveLength(1);
    expect(resends[0]!.ids).toHaveLength(1);
    // The copy is tried (and refused again: the address is still wrong).
    await expect.poll(refusals).toBe(before + 1);
    await line(page, 'Fábio Recusado', `Falhou: ${refusedReason}`).waitFor();
    expect(browser.problems).toEqual([]);
  });

  it('selects every pending registration of the filtered list, beyond the cards on screen, and confirms them at once', async () => {
    const start = Date.now() - 3 * 60 * 60_000;
    const rows = Array.from({ length: 90 }, (_, i) =>
      servedRegistration(
        { created_at: new Date(start + i * 60_000).toISOString() },
        validRegistration({
          nome_completo: `${i % 10 === 0 ? 'Outra Turma' : 'Pessoa Lote'} ${String(i).padStart(2, '0')}`,
          whatsapp: uniquePhone(),
        }),
      ),
    );
    await seedRegistrations(server.app.db.kysely, rows);
    const page = await newPage();
    const confirmations = postsTo(page, api.adminBulkConfirm);
    await openPanel(page, server);
    await page
      .getByText('90 inscrições · 0 confirmadas · 90 pendentes', { exact: false })
      .waitFor();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('lote');
    await page.getByText('81 inscrições encontradas').waitFor();

    await page.getByRole('button', { name: 'Selecionar todos os pendentes' }).click();
    const bar = page.getByRole('region', { name: 'Ações em lote' });
    await bar.getByText('81 inscrições selecionadas').waitFor();
    // Far more than the window renders.
    expect(await page.locator('main > div > ul > li').count()).toBeLessThan(81);
    await bar.getByRole('button', { name: 'Confirmar selecionados (81)' }).click();
    await page.getByText('81 inscrições confirmadas', { exact: true }).waitFor();
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.ids).toHaveLength(81);
    const lote = new Set(rows.filter((r) => r.nome_completo.startsWith('Pessoa')).map((r) => r.id));
    expect(new Set(confirmations[0]!.ids)).toEqual(lote);
    await page
      .getByText('90 inscrições · 81 confirmadas · 9 pendentes', { exact: false })
      .waitFor();
    // Their tickets go out by themselves.
    await line(page, 'Pessoa Lote 89', 'E-mail · Ingresso').waitFor();
    await line(page, 'Pessoa Lote 89', 'E-mail · Ingresso: Enviado').waitFor();
    expect(browser.problems).toEqual([]);
  });

  it('shows a paused channel at the top of the panel', async () => {
    const reason = 'O servidor de e-mail recusou o usuário ou a senha de SMTP_URL.';
    await pauseChannel(server.app.db.kysely, 'email', reason);
    try {
      const page = await newPage();
      await openPanel(page, server);
      await page
        .getByRole('alert')
        .filter({ hasText: `Envio de e-mail pausado: ${reason}` })
        .waitFor();
      expect(await page.getByText('Envio automático desligado', { exact: false }).count()).toBe(0);
      await animationsDone(page);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await resumeChannel(server.app.db.kysely, 'email');
    }
  });

  it('names the providers and what they receive on the privacy page', async () => {
    const page = await newPage();
    await page.goto(server.url + paths.privacy);
    const section = page.getByRole('region', { name: 'Quem entrega as mensagens' });
    await section
      .getByText('recebe o seu endereço de e-mail e o texto da mensagem', { exact: false })
      .waitFor();
    await section
      .getByText(
        'A Meta, pelo WhatsApp Business, recebe o seu número de WhatsApp e os dados da mensagem do ingresso (seu nome, o nome do evento, a data e o código do ingresso)',
        { exact: false },
      )
      .waitFor();
    expect(browser.problems).toEqual([]);
  });
});

describe('without any channel configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startAppServer(admin);
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('works as before and says in one line how to turn sending on', async () => {
    await register(bare, { nome_completo: 'Ana Sem Envio' });
    const page = await newPage();
    await openPanel(page, bare);
    await card(page, 'Ana Sem Envio').waitFor();
    await page
      .getByText(
        'Envio automático desligado: defina SMTP_URL e MAIL_FROM (e-mail) e WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID e WHATSAPP_TEMPLATE (WhatsApp) no servidor. Veja o README.',
        { exact: true },
      )
      .waitFor();
    // Nothing about messages on the card, and no filter about them.
    expect(
      await card(page, 'Ana Sem Envio').getByRole('list', { name: 'Envio automático' }).count(),
    ).toBe(0);
    expect(await page.getByRole('radio', { name: /Com falha|Ingresso não entregue/ }).count()).toBe(
      0,
    );
    // The manual ticket is still there; bulk confirmation too.
    await card(page, 'Ana Sem Envio').getByRole('button', { name: 'Enviar Ingresso' }).waitFor();
    await page.getByRole('checkbox', { name: 'Selecionar Ana Sem Envio' }).check();
    await page.getByRole('button', { name: 'Confirmar selecionados (1)' }).click();
    await page.getByText('1 inscrição confirmada', { exact: true }).waitFor();
    await card(page, 'Ana Sem Envio').getByText('Confirmado', { exact: true }).waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The privacy page names no provider.
    await page.goto(bare.url + paths.privacy);
    await page.getByRole('heading', { name: 'Quem tem acesso' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Quem entrega as mensagens' }).count()).toBe(0);
    await page.getByText('Somente a organização do evento.', { exact: false }).waitFor();
    expect(browser.problems).toEqual([]);
  });
});
