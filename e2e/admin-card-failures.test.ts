// A card's own action (Confirmar, Cancelar inscrição) that fails on the way says why under the
// spec's toast: the connection lost, the server too slow, not only the server's refusals (0171).
import { expect, it } from 'vitest';
import { panelTestBed } from '#test/browser/panel-test-bed.ts';
import { toast } from '#test/browser/registration-form.ts';
import { card, openPanel, register } from '#test/browser/admin-panel.ts';

const bed = panelTestBed();
const { newPage } = bed;

it("a 'Confirmar' or 'Cancelar inscrição' lost on the network says so under the spec's toast", async () => {
  await register(bed.server, { nome_completo: 'Ana Offline' });
  const { page, console } = await newPage();
  await openPanel(page, bed.server);
  await card(page, 'Ana Offline').waitFor();
  await page.route('**/api/admin/registrations/*/*', (route) =>
    route.abort('internetdisconnected'),
  );
  await card(page, 'Ana Offline').getByRole('button', { name: 'Confirmar' }).click();
  const said = toast(page, 'Não foi possível confirmar o participante.');
  await said.waitFor();
  expect(await said.textContent()).toContain('Sem conexão com o servidor. Verifique sua internet.');

  await card(page, 'Ana Offline').getByRole('button', { name: 'Cancelar inscrição' }).click();
  await card(page, 'Ana Offline').getByRole('button', { name: 'Sim, cancelar' }).click();
  const cancel = toast(page, 'Não foi possível cancelar a inscrição.');
  await cancel.waitFor();
  expect(await cancel.textContent()).toContain(
    'Sem conexão com o servidor. Verifique sua internet.',
  );
  const unexpected = console
    .unexpected(bed.browser.problems)
    .filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem));
  expect(unexpected).toEqual([]);
});
