// Login throttling, in memory (each instance counts its own attempts; see
// docs/decisions/0007-admin-sessions-and-login-throttling.md). Three sliding windows of failures:
// - per (account, IP): an attacker guessing one account from one address stops quickly;
// - per IP, across accounts: one address spraying many accounts stops too;
// - per account, across IPs: a looser ceiling against a distributed attack, which does not
//   apply to an address that logged in to that account successfully before, so an attacker
//   elsewhere cannot lock the organizer out.
// An attempt counts as a failure from the moment it starts (so a burst of parallel requests
// cannot slip past the limit while the password is being checked) until it succeeds.
import { clientKey } from '../client-key.ts';

export interface ThrottleLimits {
  windowMs: number;
  perAccountIp: number;
  perIp: number;
  perAccount: number;
  /** How long a successful login exempts its address from the per-account ceiling. */
  trustedMs: number;
  /** Bound on remembered keys per table, so a flood of addresses cannot exhaust memory. */
  maxKeys: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perAccountIp: 5,
  perIp: 20,
  perAccount: 100,
  trustedMs: 30 * 24 * 60 * 60_000,
  maxKeys: 50_000,
};

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

class FailureLog {
  private readonly entries = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = this.entries.get(key);
    if (!list) return [];
    const kept = list.filter((t) => now - t < this.windowMs);
    if (kept.length === 0) this.entries.delete(key);
    else this.entries.set(key, kept);
    return kept;
  }

  /** Milliseconds until one more attempt is allowed, or 0 when it is allowed now. */
  waitMs(key: string, now: number): number {
    const list = this.recent(key, now);
    if (list.length < this.limit) return 0;
    return list[list.length - this.limit]! + this.windowMs - now;
  }

  add(key: string, now: number): void {
    const list = this.recent(key, now);
    list.push(now);
    // Only the newest `limit` entries ever decide anything.
    this.entries.set(key, list.slice(-this.limit));
    if (this.entries.size > this.maxKeys) this.prune(now);
  }

  /** Takes back one failure (an attempt that turned out to succeed). */
  removeOne(key: string): void {
    const list = this.entries.get(key);
    list?.pop();
    if (list?.length === 0) this.entries.delete(key);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const key of [...this.entries.keys()]) this.recent(key, now);
    // Still too many live keys: forget the oldest ones (Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}

export class LoginThrottle {
  private readonly byAccountIp: FailureLog;
  private readonly byIp: FailureLog;
  private readonly byAccount: FailureLog;
  /** `${account} ${ip}` -> when that address last logged in to that account. */
  private readonly trusted = new Map<string, number>();

  constructor(
    private readonly limits: ThrottleLimits = defaultThrottleLimits,
    private readonly clock: () => number = Date.now,
  ) {
    const { windowMs, maxKeys } = limits;
    this.byAccountIp = new FailureLog(limits.perAccountIp, windowMs, maxKeys);
    this.byIp = new FailureLog(limits.perIp, windowMs, maxKeys);
    this.byAccount = new FailureLog(limits.perAccount, windowMs, maxKeys);
  }

  private isTrusted(pair: string, now: number): boolean {
    const at = this.trusted.get(pair);
    if (at === undefined) return false;
    if (now - at < this.limits.trustedMs) return true;
    this.trusted.delete(pair);
    return false;
  }

  /**
   * Call before checking the password. When allowed, the attempt is counted as a failure
   * until `succeeded` takes it back.
   */
  begin(account: string, ip: string): ThrottleDecision {
    const now = this.clock();
    const client = clientKey(ip);
    const pair = `${account} ${client}`;
    const waits = [this.byAccountIp.waitMs(pair, now), this.byIp.waitMs(client, now)];
    if (!this.isTrusted(pair, now)) waits.push(this.byAccount.waitMs(account, now));
    const wait = Math.max(...waits);
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    this.byAccountIp.add(pair, now);
    this.byIp.add(client, now);
    this.byAccount.add(account, now);
    return { allowed: true };
  }

  /** The attempt begun for this account and address had the right password. */
  succeeded(account: string, ip: string): void {
    const client = clientKey(ip);
    const pair = `${account} ${client}`;
    this.byAccountIp.clear(pair);
    this.byIp.removeOne(client);
    this.byAccount.removeOne(account);
    this.trusted.delete(pair);
    this.trusted.set(pair, this.clock());
    if (this.trusted.size > this.limits.maxKeys) {
      const oldest = this.trusted.keys().next().value;
      if (oldest !== undefined) this.trusted.delete(oldest);
    }
  }
}
