// The public form as a visitor sees it: its fields found by their labels, filled the way a person
// fills them, and the toasts it shows. Shared by the visitor tests and the live admin tests.
import type { Page } from 'playwright-core';

export interface FormData {
  nome: string;
  /** A country code of the 'País do WhatsApp' choice ('BR'); the default (US) when absent. */
  pais?: string;
  whatsapp: string;
  email: string;
  empresa: string;
  levar?: 'Ok, entendido.' | 'Não tenho ninguém pra levar';
  confirmacao?: 'Ok' | 'Já coloquei na agenda';
}

let emailCounter = 0;

/** An address no other test uses, in this process or another. */
export function uniqueEmail(prefix = 'visitante'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${emailCounter}@exemplo.com`;
}

/** A form a visitor fills correctly, with `overrides` on top. */
export function validData(overrides: Partial<FormData> = {}): FormData {
  return {
    nome: 'Maria da Silva',
    whatsapp: '(508) 555-1234',
    email: uniqueEmail(),
    empresa: 'Construtora Horizonte',
    levar: 'Não tenho ninguém pra levar',
    confirmacao: 'Já coloquei na agenda',
    ...overrides,
  };
}

export function fields(page: Page) {
  return {
    nome: page.getByLabel('Nome completo'),
    pais: page.getByLabel('País do WhatsApp'),
    whatsapp: page.getByRole('textbox', { name: 'WhatsApp', exact: true }),
    email: page.getByLabel('E-mail'),
    empresa: page.getByLabel('Nome da empresa'),
    submit: page.getByRole('button', { name: /Confirmar Presença|Enviando\.\.\./ }),
  };
}

export async function fillRegistrationForm(page: Page, data: FormData): Promise<void> {
  const f = fields(page);
  await f.nome.fill(data.nome);
  if (data.pais) {
    // Reaching for the picker (a tap, the keyboard's focus) fills its list.
    await f.pais.focus();
    await f.pais.selectOption(data.pais);
  }
  await f.whatsapp.fill(data.whatsapp);
  await f.email.fill(data.email);
  await f.empresa.fill(data.empresa);
  if (data.levar) await page.getByRole('radio', { name: data.levar, exact: true }).check();
  if (data.confirmacao) {
    await page.getByRole('radio', { name: data.confirmacao, exact: true }).check();
  }
}

/** The sonner toast with this title. */
export function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({
    has: page.locator('[data-title]', { hasText: title }),
  });
}
