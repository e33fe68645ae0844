// The one builder of a valid registration for tests, on both sides: the body a visitor sends, and
// the registration the API serves for it (parsed by the real schemas, so never out of step).
import {
  newRegistrationSchema,
  newRegistrationState,
  registrationSchema,
  type NewRegistrationInput,
  type Registration,
} from '../../src/shared/registration.schema.ts';

let counter = 0;

/** A valid body for POST /api/registrations; each call gets an e-mail no other call gets. */
export function validRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const unique = `${counter}.${Date.now()}.${globalThis.crypto.randomUUID().slice(0, 8)}`;
  return {
    nome_completo: 'Maria da Silva',
    whatsapp: '+15085551234',
    email: `maria.${unique}@exemplo.com`,
    nome_compania: 'Construtora Horizonte',
    levar_alguem: 'sim',
    confirmacao: 'ok',
    ...overrides,
  } satisfies NewRegistrationInput as Record<string, unknown> & NewRegistrationInput;
}

/**
 * A registration as the API serves it, for `body` (a validRegistration by default); `served`
 * sets what the server decides (id, status, times).
 */
export function servedRegistration(
  served: Partial<Registration> = {},
  body: Record<string, unknown> = validRegistration(),
): Registration {
  const { website: _honeypot, ...fields } = newRegistrationSchema.parse(body);
  return registrationSchema.parse({
    ...fields,
    ...newRegistrationState,
    id: globalThis.crypto.randomUUID(),
    created_at: new Date().toISOString(),
    ...served,
  });
}
