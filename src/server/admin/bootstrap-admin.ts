// At start: ADMIN_EMAIL/ADMIN_PASSWORD create that admin or reset its password; with neither
// and no admin yet, one line tells the operator how to create one. The log never names the
// account: e-mail addresses stay out of logs.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { ConfigError } from '../config-error.ts';
import { type Config } from '../config.ts';
import { countAccounts, ensureAdmin, NotAnAdminError } from './accounts.repository.ts';

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
    let outcome;
    try {
      outcome = await ensureAdmin(db.kysely, config.adminEmail, config.adminPassword);
    } catch (error) {
      if (!(error instanceof NotAnAdminError)) throw error;
      // Made an admin here, a door phone's login would become the organizer's: the operator says so.
      throw new ConfigError(
        'ADMIN_EMAIL é uma conta da portaria: use outro e-mail para o administrador, ou remova ' +
          'essa conta no painel (Contas da portaria). / ADMIN_EMAIL is a door account: use another ' +
          'e-mail for the admin, or remove that account in the panel (Contas da portaria).',
      );
    }
    log.info(outcomes[outcome]);
    return outcome;
  }
  if ((await countAccounts(db.kysely, 'admin')) === 0) log.warn(noAdminHint);
  return undefined;
}
