// Login throttling, counted in the database so every instance shares one count
// (docs/decisions/0062-shared-limits-in-the-database.md; the rules are 0007's). Three sliding
// windows of failures:
// - per (account, IP): an attacker guessing one account from one address stops quickly;
// - per IP, across accounts: one address spraying many accounts stops too;
// - per account, across IPs: a looser ceiling against a distributed attack, which does not
//   apply to an address that logged in to that account successfully before, so an attacker
//   elsewhere cannot lock the organizer out.
// An attempt counts as a failure from the moment it starts (so a burst of parallel requests, on
// any instances, cannot slip past the limit while the password is being checked) until it
// succeeds.
import type { Kysely } from 'kysely';
import { clientKey } from '../client-key.ts';
import type { Database } from '../db/schema.ts';
import {
  addFailure,
  isTrusted,
  nthNewestFailure,
  oneAtATime,
  recordSuccess,
  type FailureScope,
} from './login-attempts.repository.ts';

export interface ThrottleLimits {
  windowMs: number;
  perAccountIp: number;
  perIp: number;
  /** None for a key no single account owns (the setup link's): a ceiling there only locks out. */
  perAccount: number | null;
  /** How long a successful login exempts its address from the per-account ceiling. */
  trustedMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perAccountIp: 5,
  perIp: 20,
  perAccount: 100,
  trustedMs: 30 * 24 * 60 * 60_000,
};

export type ThrottleDecision =
  { allowed: true; attempt: string } | { allowed: false; retryAfterSeconds: number };

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: ThrottleLimits = defaultThrottleLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Call before checking the password. When allowed, the attempt is counted as a failure
   * until `succeeded` takes it back.
   */
  begin(account: string, ip: string): Promise<ThrottleDecision> {
    const now = this.clock();
    const client = clientKey(ip);
    const { windowMs } = this.limits;
    const since = new Date(now - windowMs).toISOString();
    return oneAtATime(this.db, async (trx) => {
      const waitFor = async (scope: FailureScope, limit: number) => {
        const at = await nthNewestFailure(trx, scope, since, limit);
        return at === undefined ? 0 : Date.parse(at) + windowMs - now;
      };
      const waits = [
        await waitFor({ pair: { account, client } }, this.limits.perAccountIp),
        await waitFor({ client }, this.limits.perIp),
      ];
      const { perAccount } = this.limits;
      const trustedSince = new Date(now - this.limits.trustedMs).toISOString();
      if (perAccount !== null && !(await isTrusted(trx, account, client, trustedSince))) {
        waits.push(await waitFor({ account }, perAccount));
      }
      const wait = Math.max(...waits);
      if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
      const attempt = await addFailure(trx, account, client, new Date(now).toISOString());
      return { allowed: true, attempt };
    });
  }

  /** The attempt begun for this account and address had the right password. */
  succeeded(attempt: string, account: string, ip: string): Promise<void> {
    const at = new Date(this.clock()).toISOString();
    return recordSuccess(this.db, attempt, account, clientKey(ip), at);
  }
}
