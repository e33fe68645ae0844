// The organizer's panel in Chromium against the real server: login, list, confirm, ticket, CSV,
// delete, escaping, logout, accessibility and motion.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultEvent } from '../src/shared/event.ts';
import { formatDateTime } from '../src/shared/labels.ts';
import { api } from '../src/shared/paths.ts';
import { seedRegistrations, type TestServer } from '#test/servers/test-server.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import {
  admin,
  animationsDone,
  card,
  expected401s,
  logInThroughForm,
  openPanel,
  register,
} from '#test/browser/admin-panel.ts';

let server: TestServer;
let browser: TestBrowser;
const pages: Page[] = [];

beforeAll(async () => {
  server = await startAppServer(admin);
  browser = await launchBrowser();
  // The ticket opens WhatsApp: answered here, the test never leaves the machine.
  await browser.context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'ok' }),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  for (const page of pages.splice(0)) await page.close();
  await browser.context.clearCookies();
  browser.problems.length = 0;
  await server.app.db.kysely.deleteFrom('registrations').execute();
});

async function newPage(allowed401Paths: readonly string[] = [api.adminMe]) {
  const page = await browser.newPage();
  pages.push(page);
  return { page, console: expected401s(page, allowed401Paths) };
}

/** The person's greeting, event, date and ticket link, exactly as a test would build the link. */
function expectedWhatsappLink(e164: string, name: string, ticketUrl: string) {
  const message = [
    `Olá, ${name}! 🎉`,
    '',
    `Seu ingresso para o ${defaultEvent.name} está confirmado!`,
    '',
    '📅 6 de dezembro de 2025, às 7:30',
    `📍 ${defaultEvent.venue}, ${defaultEvent.city}`,
    '',
    '🎟️ Seu ingresso, com o QR code para a entrada:',
    ticketUrl,
    '',
    'Nos vemos lá!',
  ].join('\n');
  return `https://wa.me/${e164.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

describe('logged out', () => {
  it('shows the login form and requests no registration data', async () => {
    const { page, console } = await newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    await page.goto(`${server.url}/admin`);
    await expect.poll(() => page.getByRole('button', { name: 'Entrar' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('E-mail').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Senha').isVisible()).toBe(true);

    expect(requested).toContain(api.adminMe);
    expect(requested).not.toContain(api.adminRegistrations);
    expect(requested).not.toContain(api.adminLiveStream);
    expect(await page.getByText('Painel Administrativo', { exact: true }).count()).toBe(0);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(console.unexpected(browser.problems)).toEqual([]);
  });

  it('shows the server message on a wrong password, clears the password and keeps the e-mail', async () => {
    const { page, console } = await newPage([api.adminMe, api.adminLogin]);
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('E-mail').fill(admin.ADMIN_EMAIL);
    await page.getByLabel('Senha').fill('senha-errada-de-proposito');
    await page.getByRole('button', { name: 'Entrar' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' });
    await alert.waitFor();
    expect(await page.getByLabel('Senha').inputValue()).toBe('');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(admin.ADMIN_EMAIL);
    expect(await page.getByLabel('Senha').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Entrar' }).isEnabled()).toBe(true);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(console.unexpected(browser.problems)).toEqual([]);
  });
  it('shows the throttling message after too many failed attempts', async () => {
    const { page, console } = await newPage([api.adminMe, api.adminLogin]);
    await page.goto(`${server.url}/admin`);
    const alert = page.getByRole('alert');
    // Another account than the organizer's: its attempts do not lock the other tests out.
    await page.getByLabel('E-mail').fill('curioso@exemplo.com');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await page.getByLabel('Senha').fill(`tentativa-${attempt}-errada`);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await expect.poll(() => alert.textContent()).not.toBe('');
      if ((await alert.textContent()) !== 'E-mail ou senha incorretos.') break;
    }
    expect(await alert.textContent()).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente de novo.',
    );
    expect(await page.getByLabel('Senha').inputValue()).toBe('');
    expect(await page.getByLabel('E-mail').inputValue()).toBe('curioso@exemplo.com');
    // 429s are logged by the browser like the 401s.
    const left = console
      .unexpected(browser.problems)
      .filter((p) => !/the server responded with a status of 429/.test(p));
    expect(left).toEqual([]);
  });
});

describe('the panel', () => {
  it('opens after logging in through the form, empty, and exports nothing', async () => {
    const { page, console } = await newPage();
    const downloads: unknown[] = [];
    page.on('download', (download) => downloads.push(download));
    await logInThroughForm(page, server.url);

    await page.getByText('Nenhuma inscrição encontrada ainda.').waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    await page.getByText('Nenhum dado', { exact: true }).waitFor();
    await page.getByText('Não há inscrições para exportar.').waitFor();
    expect(downloads).toEqual([]);
    expect(console.unexpected(browser.problems)).toEqual([]);
  });

  it('lists registrations newest first with every field; confirms; sends the ticket; exports CSV', async () => {
    const { page, console } = await newPage();
    const first = await register(server, {
      nome_completo: 'Ana Conceição',
      whatsapp: '+55 11 91234-5678',
      email: 'ana@exemplo.com.br',
      nome_compania: 'Construtora Horizonte',
      levar_alguem: 'sim',
      confirmacao: 'agenda',
    });
    const second = await register(server, {
      nome_completo: 'Bruno Souza',
      email: 'bruno@exemplo.com',
      nome_compania: 'Souza & Filhos Engenharia',
      levar_alguem: 'nao',
      confirmacao: 'ok',
    });
    await openPanel(page, server);
    const third = await register(server, {
      nome_completo: 'Carla Dias',
      email: 'carla@exemplo.com',
      nome_compania: 'Dias Segurança',
      levar_alguem: '',
      confirmacao: '',
    });

    // The third arrives live, at the top.
    await card(page, 'Carla Dias').waitFor();
    const names = await page
      .getByRole('listitem')
      .getByRole('heading', { level: 2 })
      .allTextContents();
    expect(names).toEqual(['Carla Dias', 'Bruno Souza', 'Ana Conceição']);
    await page.getByText('3 inscrições · 0 confirmadas · 3 pendentes').waitFor();
    // When the retention job erases the data: the default event (7:30 on 6 December 2025) + 90 days,
    // folded on a phone under a button (issue 31.12).
    await page.getByRole('button', { name: 'Ver prazos e avisos' }).click();
    await page
      .getByText(
        'Dados apagados em 6 de março de 2026, 90 dias após o evento; inscrições feitas depois, 90 dias após a inscrição.',
      )
      .waitFor();

    const ana = card(page, 'Ana Conceição');
    const anaText = await ana.innerText();
    for (const value of [
      'Pendente',
      '+55 11 91234 5678',
      'ana@exemplo.com.br',
      'Construtora Horizonte',
      'Sim',
      'Já coloquei na agenda',
      formatDateTime(first.created_at, defaultEvent.timeZone),
    ]) {
      expect(anaText).toContain(value);
    }
    const brunoText = await card(page, 'Bruno Souza').innerText();
    for (const value of [
      // The event's phone country (the default's, US) writes its own numbers its way (0214).
      '(508) 555-1234',
      'bruno@exemplo.com',
      'Souza & Filhos Engenharia',
      'Não',
      'Ok',
    ]) {
      expect(brunoText).toContain(value);
    }
    expect(await card(page, 'Carla Dias').innerText()).toContain('Não respondeu');
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // Pending: no ticket yet.
    const ticket = ana.getByRole('button', { name: 'Enviar Ingresso' });
    expect(await ticket.isDisabled()).toBe(true);

    await ana.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Participante confirmado!').waitFor();
    await page.getByText('Status atualizado com sucesso.').waitFor();
    await ana.getByText('Confirmado', { exact: true }).waitFor();
    expect(await ana.getByRole('button', { name: 'Confirmar' }).count()).toBe(0);
    expect(await ticket.isEnabled()).toBe(true);
    await page.getByText('3 inscrições · 1 confirmada · 2 pendentes').waitFor();

    // The ticket: a WhatsApp tab with the message, and a toast naming the person.
    const [popup] = await Promise.all([page.waitForEvent('popup'), ticket.click()]);
    const { ticket_code } = await server.app.db.kysely
      .selectFrom('registrations')
      .select('ticket_code')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const ticketUrl = `${server.url}/ingresso/${ticket_code}`;
    expect(popup.url()).toBe(expectedWhatsappLink(first.whatsapp, 'Ana Conceição', ticketUrl));
    expect(popup.url().startsWith('https://wa.me/5511912345678?text=')).toBe(true);
    const text = decodeURIComponent(new URL(popup.url()).search.replace(/^\?text=/, ''));
    for (const part of [
      'Olá, Ana Conceição!',
      'Build Safe',
      '6 de dezembro de 2025',
      'Nos vemos lá!',
    ]) {
      expect(text).toContain(part);
    }
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await page.getByText('Ingresso enviado!').waitFor();
    await page.getByText('Mensagem enviada para Ana Conceição').waitFor();

    // The server recorded the wa.me link opened, not a send it cannot know of: the card says when,
    // the header counts it apart from tickets a channel sent (issue 31.10).
    const sentLine = ana.getByText('Ingresso aberto no WhatsApp em', { exact: false });
    await sentLine.waitFor();
    const sentAt = async () =>
      (
        await server.app.db.kysely
          .selectFrom('registrations')
          .select('ticket_sent_at')
          .where('id', '=', first.id)
          .executeTakeFirstOrThrow()
      ).ticket_sent_at!;
    const firstSend = await sentAt();
    expect(await sentLine.innerText()).toBe(
      `Ingresso aberto no WhatsApp em ${formatDateTime(firstSend, defaultEvent.timeZone)}`,
    );
    expect(
      await card(page, 'Bruno Souza')
        .getByText('Ingresso aberto no WhatsApp em', { exact: false })
        .count(),
    ).toBe(0);
    await page
      .getByText(
        '3 inscrições · 1 confirmada · 2 pendentes · 0 ingressos enviados · 1 ingresso aberto no WhatsApp · 0 entraram',
      )
      .waitFor();
    expect(await ticket.isEnabled()).toBe(true);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // Sending again stays possible and moves the recorded time.
    const [again] = await Promise.all([page.waitForEvent('popup'), ticket.click()]);
    expect(again.url()).toBe(expectedWhatsappLink(first.whatsapp, 'Ana Conceição', ticketUrl));
    await again.close();
    await expect.poll(sentAt).not.toBe(firstSend);
    expect(Date.parse(await sentAt())).toBeGreaterThan(Date.parse(firstSend));

    // CSV: the file, its BOM, the spec's columns and every row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    // Today in the browser's time zone: the organizer's calendar date.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(),
    );
    expect(download.suggestedFilename()).toBe(`inscricoes_build_safe_${today}.csv`);
    expect(download.suggestedFilename()).toMatch(/^inscricoes_build_safe_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '"Nome Completo","WhatsApp","Email","Compania","Levar Alguém","Confirmação","Status","Data de Inscrição","Código do Certificado"',
    );
    expect(lines.slice(1)).toEqual([
      `"Carla Dias","(508) 555-1234","carla@exemplo.com","Dias Segurança","","","Pendente","${formatDateTime(third.created_at, 'America/New_York')}",""`,
      `"Bruno Souza","(508) 555-1234","bruno@exemplo.com","Souza & Filhos Engenharia","Não","Ok","Pendente","${formatDateTime(second.created_at, 'America/New_York')}",""`,
      `"Ana Conceição","'+55 11 91234 5678","ana@exemplo.com.br","Construtora Horizonte","Sim","Já coloquei na agenda","Confirmado","${formatDateTime(first.created_at, 'America/New_York')}",""`,
    ]);
    await page.getByText('CSV exportado!').waitFor();
    await page.getByText('3 inscrições exportadas.').waitFor();
    expect(console.unexpected(browser.problems)).toEqual([]);
  });

  it('deletes through a dialog that names the person, traps focus and gives it back', async () => {
    const { page, console } = await newPage();
    await register(server, { nome_completo: 'Diego Lima' });
    await register(server, { nome_completo: 'Elisa Rocha' });
    await openPanel(page, server);
    const diego = card(page, 'Diego Lima');
    const excluir = diego.getByRole('button', { name: 'Excluir' });

    await excluir.click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir inscrição?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'A inscrição de Diego Lima será apagada para sempre. Esta ação não pode ser desfeita.',
    );
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    // Focus starts on the safe choice and stays inside the dialog.
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focusedText()).toBe('Cancelar');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Excluir');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Cancelar');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await excluir.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await diego.count()).toBe(1);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Inscrição excluída.').waitFor();
    await diego.waitFor({ state: 'detached' });
    expect(await card(page, 'Elisa Rocha').count()).toBe(1);
    const left = await server.request(api.registrations); // no data on a public route
    expect(left.status).not.toBe(200);
    const rows = await server.app.db.kysely
      .selectFrom('registrations')
      .select('nome_completo')
      .execute();
    expect(rows.map((r) => r.nome_completo)).toEqual(['Elisa Rocha']);
    expect(console.unexpected(browser.problems)).toEqual([]);
  });

  it('is usable by keyboard alone: Tab reaches each button and confirming keeps the focus in the card', async () => {
    const { page, console } = await newPage();
    await register(server, { nome_completo: 'Fábio Teclado' });
    await openPanel(page, server);
    const fabio = card(page, 'Fábio Teclado');
    await fabio.waitFor();

    const reached: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      // A button by its text, the search box by its label.
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return el?.labels?.[0]?.textContent ?? el?.textContent ?? '';
        }),
      );
      if (reached.at(-1) === 'Confirmar') break;
    }
    // The filters are one stop (arrows move within them), then the card's selection box.
    // 'Contas da portaria' is in the top menu, above the title (0198). On a phone the erasure date
    // and the messages' notice are folded under a button (issue 31.12).
    expect(reached).toEqual([
      'Ver prazos e avisos',
      'Exportar CSV',
      'Sair',
      'Buscar',
      'Todas (1)',
      'Selecionar todos os pendentes',
      'Cartões',
      'Tabela',
      'Selecionar Fábio Teclado',
      'Confirmar',
    ]);
    // A visible focus ring.
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow);
    expect(ring).not.toBe('none');

    await page.keyboard.press('Enter');
    await fabio.getByText('Confirmado', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Enviar Ingresso');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Excluir');
    expect(console.unexpected(browser.problems)).toEqual([]);
  });

  it('shows hostile text as text: in the list, in a live update and in the WhatsApp message', async () => {
    const { page, console } = await newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const hostile = '<img src=x onerror=alert(1)>';
    await register(server, {
      nome_completo: hostile,
      nome_compania: hostile,
      email: 'xss1@exemplo.com',
    });
    await openPanel(page, server);
    await page.getByRole('heading', { name: hostile, exact: true }).waitFor();

    // Live: a second one arrives while the panel is open.
    await register(server, {
      nome_completo: `${hostile} 2`,
      nome_compania: hostile,
      email: 'xss2@exemplo.com',
    });
    await page.getByRole('heading', { name: `${hostile} 2`, exact: true }).waitFor();
    expect(await page.getByText(hostile, { exact: true }).count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    const hostileCard = card(page, hostile);
    await hostileCard.getByRole('button', { name: 'Confirmar' }).click();
    await hostileCard.getByText('Confirmado', { exact: true }).waitFor();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      hostileCard.getByRole('button', { name: 'Enviar Ingresso' }).click(),
    ]);
    const text = decodeURIComponent(new URL(popup.url()).search.replace(/^\?text=/, ''));
    expect(text).toContain(`Olá, ${hostile}!`);
    await popup.close();
    await page.getByText(`Mensagem enviada para ${hostile}`).waitFor();

    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(console.unexpected(browser.problems)).toEqual([]);
  });

  it("'Sair' logs out: the login form returns and the old session no longer works", async () => {
    const { page, console } = await newPage();
    await openPanel(page, server);
    await page.getByText('Nenhuma inscrição encontrada ainda.').waitFor();
    const [session] = await browser.context.cookies(server.url);
    expect(session).toBeDefined();
    const cookie = `${session!.name}=${session!.value}`;
    expect((await server.request(api.adminMe, { headers: { cookie } })).status).toBe(200);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByText('Sua sessão expirou. Entre novamente.').count()).toBe(0);
    expect((await server.request(api.adminMe, { headers: { cookie } })).status).toBe(401);
    expect((await server.request(api.adminRegistrations, { headers: { cookie } })).status).toBe(
      401,
    );
    await page.reload();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(console.unexpected(browser.problems)).toEqual([]);
  });

  it('goes back to the login form with a toast when the session ends while the panel is open', async () => {
    const { page, console } = await newPage([
      api.adminMe,
      api.adminLiveStream,
      `/api/admin/registrations/`,
    ]);
    const gone = await register(server, { nome_completo: 'Gustavo Prazo' });
    await openPanel(page, server);
    await card(page, 'Gustavo Prazo').waitFor();
    await server.app.db.kysely.deleteFrom('sessions').execute();

    await card(page, 'Gustavo Prazo').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Sua sessão expirou. Entre novamente.').waitFor();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByText('Gustavo Prazo').count()).toBe(0);
    const row = await server.app.db.kysely
      .selectFrom('registrations')
      .select('status')
      .where('id', '=', gone.id)
      .executeTakeFirst();
    expect(row?.status).toBe('pending');
    void console; // 401 console lines here come from the confirm URL too: checked loosely.
    expect(browser.problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  });
  it('goes back to the login form when the session is ended elsewhere, by the live stream alone', async () => {
    const { page, console } = await newPage([api.adminMe, api.adminLiveStream]);
    await openPanel(page, server);
    await page.getByText('Ao vivo', { exact: true }).waitFor();
    const [session] = await browser.context.cookies(server.url);
    const cookie = `${session!.name}=${session!.value}`;
    // Logged out from another device: the server ends this panel's stream; it reconnects,
    // meets a 401, and the panel notices without any click.
    const logout = await server.request(api.adminLogout, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(204);
    await page.getByText('Sua sessão expirou. Entre novamente.').waitFor();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(console.unexpected(browser.problems)).toEqual([]);
  });
});

describe('the search box', () => {
  it('filters as one types, ignoring case and accents, and follows live changes', async () => {
    const { page, console } = await newPage();
    await register(server, {
      nome_completo: 'Ana Conceição',
      email: 'ana@exemplo.com.br',
      nome_compania: 'Construtora Horizonte',
    });
    await register(server, {
      nome_completo: 'João Conceicão Filho',
      whatsapp: '+55 11 91234-5678',
      email: 'joao@obras.com.br',
      nome_compania: 'Obras & Cia',
    });
    await register(server, {
      nome_completo: 'Bruno Souza',
      email: 'bruno@exemplo.com',
      nome_compania: 'Souza Engenharia',
    });
    await openPanel(page, server);
    await card(page, 'Bruno Souza').waitFor();
    const names = () => page.locator('main li h2').allTextContents();
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    expect(await search.getAttribute('placeholder')).toBe('Nome, e-mail, telefone ou empresa');

    // A part of the name, typed in another case and without the accents.
    await search.pressSequentially('CONCEICAO');
    await expect.poll(names).toEqual(['João Conceicão Filho', 'Ana Conceição']);
    await page.getByText('2 inscrições encontradas').waitFor();
    // The header still counts the whole list.
    await page.getByText('3 inscrições · 0 confirmadas · 3 pendentes', { exact: false }).waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // With accents where the name has none, too; and the phone by its digits.
    await search.fill('joão conceição');
    await expect.poll(names).toEqual(['João Conceicão Filho']);
    await search.fill('(11) 91234');
    await expect.poll(names).toEqual(['João Conceicão Filho']);
    await search.fill('ENGENHARIA');
    await expect.poll(names).toEqual(['Bruno Souza']);

    // Live: an arrival that matches shows up; one that does not stays hidden but is counted.
    await search.fill('conceição');
    await expect.poll(names).toEqual(['João Conceicão Filho', 'Ana Conceição']);
    await register(server, { nome_completo: 'Carla Conceição Dias' });
    await register(server, { nome_completo: 'Diego Lima' });
    await page.getByText('5 inscrições · 0 confirmadas · 5 pendentes', { exact: false }).waitFor();
    await expect
      .poll(names)
      .toEqual(['Carla Conceição Dias', 'João Conceicão Filho', 'Ana Conceição']);
    expect(await card(page, 'Diego Lima').count()).toBe(0);
    await page.getByText('3 inscrições encontradas').waitFor();

    // The CSV still holds everyone, not just what the search shows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    for (const name of ['Diego Lima', 'Bruno Souza', 'Ana Conceição', 'Carla Conceição Dias']) {
      expect(csv).toContain(`"${name}"`);
    }
    await page.getByText('5 inscrições exportadas.').waitFor();

    // Nobody matches.
    await search.fill('Zé Ninguém');
    await page.getByText('Nenhuma inscrição encontrada para "Zé Ninguém".').waitFor();
    expect(await page.locator('main li').count()).toBe(0);
    expect(await page.getByText('Nenhuma inscrição encontrada ainda.').count()).toBe(0);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // Clearing shows everyone again, and the focus stays in the box.
    await page.getByRole('button', { name: 'Limpar busca' }).click();
    expect(await search.inputValue()).toBe('');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(names)
      .toEqual([
        'Diego Lima',
        'Carla Conceição Dias',
        'Bruno Souza',
        'João Conceicão Filho',
        'Ana Conceição',
      ]);
    expect(await page.getByText('inscrições encontradas', { exact: false }).count()).toBe(0);

    // Escape clears it as well.
    await search.fill('lima');
    await expect.poll(names).toEqual(['Diego Lima']);
    await search.press('Escape');
    await expect.poll(async () => (await names()).length).toBe(5);
    expect(console.unexpected(browser.problems)).toEqual([]);
  });
});

describe('a long list', () => {
  it('renders only the cards near the screen, scrolls to the oldest and follows the keyboard', async () => {
    const { page, console } = await newPage();
    const total = 600;
    const start = Date.parse('2025-10-01T12:00:00.000Z');
    const rows = Array.from({ length: total }, (_, i) =>
      servedRegistration(
        { created_at: new Date(start + i * 60_000).toISOString() },
        validRegistration({
          nome_completo: `Pessoa Lote ${String(i).padStart(3, '0')}`,
          nome_compania: 'Construtora Lote',
          // Digits only where the search below expects them (the builder's e-mails carry random ones).
          email: `lote${String(i).padStart(3, '0')}@exemplo.com`,
        }),
      ),
    );
    await seedRegistrations(server.app.db.kysely, rows);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPanel(page, server);
    await page.getByText('600 inscrições · 0 confirmadas · 600 pendentes').waitFor();
    await card(page, 'Pessoa Lote 599').waitFor();

    const rendered = await page.locator('main li').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    expect(await page.locator('main li').first().getAttribute('aria-setsize')).toBe('600');
    expect(await page.locator('main li').first().getAttribute('aria-posinset')).toBe('1');
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard: from the last control above the list ('Tabela', 0198), Tab through 150 stops (the selection box,
    // 'Confirmar', 'Excluir', 'Cancelar inscrição' and 'Histórico' of 30 pending cards; 'Enviar
    // Ingresso' is disabled); the focus never falls out of the list.
    await page.getByRole('button', { name: 'Tabela' }).focus();
    for (let i = 0; i < 150; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main li'))).toBe(true);
    }
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest('li')?.getAttribute('aria-posinset'),
      ),
    ).toBe('30');

    // The end of the page holds the oldest registration.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await card(page, 'Pessoa Lote 000').waitFor();
    expect(await page.locator('main li').last().getAttribute('aria-posinset')).toBe('600');
    expect(await page.locator('main li').count()).toBeLessThan(60);

    // A live arrival goes to the top, and the count follows.
    await register(server, { nome_completo: 'Pessoa Nova No Topo' });
    await page.getByText('601 inscrições · 0 confirmadas · 601 pendentes').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await card(page, 'Pessoa Nova No Topo').waitFor();
    expect(await page.locator('main li h2').first().textContent()).toBe('Pessoa Nova No Topo');

    // A card far below, not rendered (find-in-page cannot see it), is found by the search box.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await card(page, 'Pessoa Lote 007').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('lote 007');
    await card(page, 'Pessoa Lote 007').waitFor();
    await expect.poll(() => page.locator('main li').count()).toBe(1);
    expect(await page.locator('main li').first().getAttribute('aria-setsize')).toBe('1');
    await page.getByText('601 inscrições · 0 confirmadas · 601 pendentes').waitFor();
    expect(console.unexpected(browser.problems)).toEqual([]);
  });
});

describe('layout and motion', () => {
  it('fits a 360 px phone and uses a grid of cards on a wide screen', async () => {
    const { page } = await newPage();
    for (let i = 0; i < 4; i += 1) await register(server, { nome_completo: `Pessoa Grade ${i}` });
    await page.setViewportSize({ width: 360, height: 740 });
    await openPanel(page, server);
    await card(page, 'Pessoa Grade 0').waitFor();
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBe(0);
    const columnsAt = () =>
      page.evaluate(
        () =>
          getComputedStyle(document.querySelector('main ul')!).gridTemplateColumns.split(' ')
            .length,
      );
    expect(await columnsAt()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await columnsAt()).toBe(3);
    expect(await overflow()).toBe(0);
  });

  it('animates the cards in with a 0.1 s stagger', async () => {
    const { page } = await newPage();
    for (let i = 0; i < 3; i += 1) await register(server, { nome_completo: `Pessoa Animada ${i}` });
    await openPanel(page, server);
    await card(page, 'Pessoa Animada 0').waitFor();
    const timings = await page.$$eval('main li', (items) =>
      items.map((li) => {
        const style = getComputedStyle(li);
        return [style.animationName, style.animationDuration, style.animationDelay];
      }),
    );
    expect(timings).toEqual([
      ['admin-card-in', '0.4s', '0s'],
      ['admin-card-in', '0.4s', '0.1s'],
      ['admin-card-in', '0.4s', '0.2s'],
    ]);
  });

  it('does not animate under prefers-reduced-motion', async () => {
    const reduced = await launchBrowser({ reducedMotion: true });
    try {
      await register(server, { nome_completo: 'Pessoa Calma' });
      const page = await reduced.newPage();
      await openPanel(page, server);
      await card(page, 'Pessoa Calma').waitFor();
      const duration = await page.$eval('main li', (li) => getComputedStyle(li).animationDuration);
      expect(parseFloat(duration)).toBeLessThan(0.001);
    } finally {
      await reduced.close();
    }
  });
});
