// The panel's list, filters and selection while changes stream in: what the organizer works on stays put.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema } from '../src/shared/event-settings.schema.ts';
import { api, withId } from '../src/shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { panelTestBed } from '#test/browser/panel-test-bed.ts';
import { card, openPanel, register } from '#test/browser/admin-panel.ts';

const bed = panelTestBed();
const { newPage } = bed;

describe('the Pendentes filter', () => {
  it('keeps the keyboard focus in the list when a confirmed card leaves it', async () => {
    const { page, console } = await newPage();
    await register(bed.server, { nome_completo: 'Ana Antiga' });
    await register(bed.server, { nome_completo: 'Bia Nova' });
    await openPanel(page, bed.server);
    await card(page, 'Bia Nova').waitFor();
    await page.getByText('Pendentes (2)').click();
    const confirm = card(page, 'Bia Nova').getByRole('button', { name: 'Confirmar' });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await card(page, 'Bia Nova').waitFor({ state: 'detached' });
    // On the card that took its place, not on the page itself (Tab would start from the top).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement as HTMLInputElement | null;
          return active?.labels?.[0]?.textContent ?? active?.tagName;
        }),
      )
      .toBe('Selecionar Ana Antiga');

    // The filter's last card leaves: the panel's title.
    await card(page, 'Ana Antiga').getByRole('button', { name: 'Confirmar' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Nenhuma inscrição neste filtro.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(console.unexpected(bed.browser.problems)).toEqual([]);
  });

  it('keeps it there on a slow phone whose next frame comes only once the button is usable again', async () => {
    const { page, console } = await newPage();
    await register(bed.server, { nome_completo: 'Ana Antiga' });
    await register(bed.server, { nome_completo: 'Bia Nova' });
    await openPanel(page, bed.server);
    await card(page, 'Bia Nova').waitFor();
    await page.getByText('Pendentes (2)').click();
    const confirm = card(page, 'Bia Nova').getByRole('button', { name: 'Confirmar' });
    await confirm.focus();
    // A loaded phone, as CI's two busy cores were: from the key on, its timers run late, so the
    // list's change (TanStack Query notifies by a timer) renders after the button's own, and its
    // next frame comes in the instant 'Confirmando...' turns back into 'Confirmar', the card not
    // yet gone from the list.
    await page.evaluate(() => {
      const held: FrameRequestCallback[] = [];
      const own = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => (held.push(callback), held.length);
      const ownTimeout = window.setTimeout.bind(window);
      window.setTimeout = ((callback: () => void, ms?: number) =>
        ownTimeout(callback, Math.max(ms ?? 0, 200))) as typeof window.setTimeout;
      const button = document.activeElement as HTMLButtonElement;
      new MutationObserver((_, observer) => {
        if (button.disabled) return;
        observer.disconnect();
        window.requestAnimationFrame = own;
        window.setTimeout = ownTimeout as typeof window.setTimeout;
        for (const callback of held.splice(0)) callback(performance.now());
      }).observe(button, { attributes: true, attributeFilter: ['disabled'] });
    });
    await page.keyboard.press('Enter');
    await card(page, 'Bia Nova').waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement as HTMLInputElement | null;
          return active?.labels?.[0]?.textContent ?? active?.tagName;
        }),
      )
      .toBe('Selecionar Ana Antiga');
    expect(console.unexpected(bed.browser.problems)).toEqual([]);
  });
});

describe('Exportar CSV', () => {
  it('never says there is nothing to export while the list is still on its way, or failed to come', async () => {
    const { page, console } = await newPage();
    for (let i = 0; i < 3; i += 1) await register(bed.server, { nome_completo: `Pessoa ${i + 1}` });
    const downloads: unknown[] = [];
    page.on('download', (download) => downloads.push(download));
    // The list arrives late (a slow connection, thousands of rows), then not at all.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${api.adminRegistrations}`, async (route) => {
      await held;
      return route.continue();
    });
    await openPanel(page, bed.server);
    await page.getByText('Carregando inscrições...', { exact: true }).waitFor();
    const exportButton = page.getByRole('button', { name: 'Exportar CSV' });
    // Clicked now, it would say 'Nenhum dado' / 'Não há inscrições para exportar.': untrue.
    expect(await exportButton.isDisabled()).toBe(true);

    release();
    await card(page, 'Pessoa 3').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await page.getByText('3 inscrições exportadas.').waitFor();
    expect(await page.getByText('Nenhum dado', { exact: true }).count()).toBe(0);
    expect(downloads).toHaveLength(1);
    expect(console.unexpected(bed.browser.problems)).toEqual([]);

    // A list that could not be loaded: nothing is known, nothing is claimed.
    const { page: failing } = await newPage();
    await failing.route(`**${api.adminRegistrations}`, (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    await openPanel(failing, bed.server);
    await failing.getByRole('button', { name: 'Tentar novamente' }).waitFor();
    expect(await failing.getByRole('button', { name: 'Exportar CSV' }).isDisabled()).toBe(true);
  });
});

describe('a panel away while another organizer starts a new edition', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startAppServer();
  });
  afterAll(async () => {
    await other?.close();
  });

  it('comes back showing the new edition only, not the last one’s people beside it', async () => {
    const { page, console } = await newPage();
    await register(other, { nome_completo: 'Ana Do Ano Passado' });
    await openPanel(page, other);
    await card(page, 'Ana Do Ano Passado').waitFor();
    await page.getByText('Ao vivo', { exact: true }).waitFor();

    // The laptop's connection drops (its stream cut, no way back for a while)…
    await page.route(`**${api.adminLiveStream}*`, (route) => route.abort('internetdisconnected'));
    other.app.server.closeAllConnections();
    await page.getByText('Reconectando...').waitFor();
    // …while, elsewhere, the next edition starts and someone registers for it.
    const { cookie } = await startSession(other.app.db.kysely);
    const created = await other.request(api.adminEditions, {
      method: 'POST',
      headers: { cookie },
      json: { date: '2037-05-05', name: 'Edição de 2037' },
    });
    expect(created.status).toBe(201);
    await register(other, { nome_completo: 'Bruno Da Nova Edição' });

    // Back: the stream resumes where it was.
    await page.unroute(`**${api.adminLiveStream}*`);
    await card(page, 'Bruno Da Nova Edição').waitFor({ timeout: 15_000 });
    await page.getByText('Ao vivo', { exact: true }).waitFor();
    await card(page, 'Ana Do Ano Passado').waitFor({ state: 'detached' });
    await page.getByText('1 inscrição · 0 confirmadas · 1 pendente', { exact: false }).waitFor();
    // The cut stream, and the attempts while it could not come back.
    const unexpected = console
      .unexpected(bed.browser.problems)
      .filter(
        (problem) => !/ERR_INTERNET_DISCONNECTED|ERR_INCOMPLETE_CHUNKED_ENCODING/.test(problem),
      );
    expect(unexpected).toEqual([]);
  });
});

describe('bulk confirmation on a full event', () => {
  let full: TestServer;
  beforeAll(async () => {
    full = await startAppServer();
  });
  afterAll(async () => {
    await full?.close();
  });

  it('does not celebrate when no one could be confirmed', async () => {
    const { cookie } = await startSession(full.app.db.kysely);
    const current = eventSettingsSchema.parse(
      await (await full.request(api.adminEvent, { headers: { cookie } })).json(),
    );
    // One seat, taken.
    const saved = await full.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie },
      json: { ...current, capacity: 1, admission: 'approval' },
    });
    expect(saved.status).toBe(200);
    const ana = await register(full, { nome_completo: 'Ana Sentada' });
    const confirmed = await full.request(withId(api.adminConfirm, ana.id), {
      method: 'POST',
      headers: { cookie },
    });
    expect(confirmed.status).toBe(200);
    await register(full, { nome_completo: 'Bruno Espera' });
    await register(full, { nome_completo: 'Carla Espera' });

    const { page, console } = await newPage();
    await openPanel(page, full);
    await page.getByText('2 na lista de espera', { exact: false }).waitFor();
    for (const name of ['Bruno Espera', 'Carla Espera']) {
      await page.getByRole('checkbox', { name: `Selecionar ${name}` }).check();
    }
    await page.getByRole('button', { name: 'Confirmar selecionados (2)' }).click();
    const said = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: '2 ficaram sem vaga (evento lotado).' });
    await said.waitFor();
    expect(await said.textContent()).toContain('0 inscrições confirmadas');
    // A warning, not the green of a success.
    expect(await said.getAttribute('data-type')).toBe('warning');
    expect(console.unexpected(bed.browser.problems)).toEqual([]);
  });
});
