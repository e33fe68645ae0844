// At start: ADMIN_EMAIL/ADMIN_PASSWORD create that admin or reset its password; with neither
// and no admin yet, one line tells the operator how to create one. The log never names the
// account: e-mail addresses stay out of logs.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { countAccounts, ensureAdmin } from './accounts.repository.ts';

export const noAdminHint =
  'Nenhum administrador cadastrado: crie um com `npm run admin -- create voce@exemplo.com` ' +
  'ou defina ADMIN_EMAIL e ADMIN_PASSWORD. / No admin account yet: create one with ' +
  '`npm run admin -- create you@example.com` or set ADMIN_EMAIL and ADMIN_PASSWORD.';

const outcomes = {
  created: 'admin account from ADMIN_EMAIL created',
  reset: 'admin account from ADMIN_EMAIL: password reset to ADMIN_PASSWORD, its sessions ended',
  unchanged: 'admin account from ADMIN_EMAIL already has ADMIN_PASSWORD',
} as const;

export async function bootstrapAdmin(config: Config, db: Db, log: FastifyBaseLogger) {
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin(db.kysely, config.adminEmail, config.adminPassword);
    log.info(outcomes[outcome]);
    return outcome;
  }
  if ((await countAccounts(db.kysely, 'admin')) === 0) log.warn(noAdminHint);
  return undefined;
}
