// The login throttle's rules (docs/decisions/0007), counted in the database, on both engines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { defaultThrottleLimits, LoginThrottle } from './login-throttle.ts';

const minute = 60_000;

describe.each([['SQLite'], ['PostgreSQL']])('LoginThrottle on %s', (engine) => {
  let db: Db;
  let postgres: TempPostgres | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    if (engine === 'PostgreSQL') {
      postgres = await createTempPostgres();
      db = await openDatabase(postgres.url);
    } else {
      dir = mkdtempSync(join(tmpdir(), 'login-throttle-'));
      db = await openDatabase(`file:${join(dir, 'test.db')}`);
    }
  });
  afterAll(async () => {
    await db.close();
    await postgres?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let run = 0;
  /** A throttle on a fake clock, with its own accounts and addresses (tests share the tables). */
  function throttle(overrides: Partial<typeof defaultThrottleLimits> = {}) {
    run += 1;
    let now = 1_000_000_000_000 + run * 24 * 60 * minute;
    const instance = new LoginThrottle(
      db.kysely,
      { ...defaultThrottleLimits, ...overrides },
      () => now,
    );
    const account = (name: string) => `${name}.${run}@x`;
    const ip = (last: number) => `10.${run}.0.${last}`;
    return {
      instance,
      clock: () => now,
      account,
      ip,
      advance(ms: number) {
        now += ms;
      },
      /** n failed attempts, one after the other; returns the decisions. */
      async fail(who: string, from: string, n = 1) {
        const decisions = [];
        for (let i = 0; i < n; i += 1) decisions.push(await instance.begin(who, from));
        return decisions;
      },
      async succeed(who: string, from: string) {
        const decision = await instance.begin(who, from);
        if (!decision.allowed) throw new Error('refused');
        await instance.succeeded(decision.attempt, who, from);
      },
    };
  }
  const allowed = (decisions: Array<{ allowed: boolean }>) => decisions.every((d) => d.allowed);

  it('allows 5 failures per account and address in 15 minutes, then says how long to wait', async () => {
    const t = throttle();
    const [org, other] = [t.account('org'), t.account('other')];
    expect(allowed(await t.fail(org, t.ip(1)))).toBe(true);
    t.advance(minute);
    expect(allowed(await t.fail(org, t.ip(1), 4))).toBe(true);
    expect(await t.instance.begin(org, t.ip(1))).toEqual({
      allowed: false,
      retryAfterSeconds: 14 * 60,
    });
    // Other addresses and other accounts are unaffected.
    expect((await t.instance.begin(org, t.ip(2))).allowed).toBe(true);
    expect((await t.instance.begin(other, t.ip(1))).allowed).toBe(true);
    // The window slides: once the first failure is 15 minutes old, one more try is allowed.
    t.advance(14 * minute);
    expect((await t.instance.begin(org, t.ip(1))).allowed).toBe(true);
    expect((await t.instance.begin(org, t.ip(1))).allowed).toBe(false);
  });

  it('does not count refused attempts, so hammering does not extend the wait', async () => {
    const t = throttle();
    const org = t.account('org');
    await t.fail(org, t.ip(1), 5);
    t.advance(5 * minute);
    await t.fail(org, t.ip(1), 30);
    t.advance(10 * minute);
    expect((await t.instance.begin(org, t.ip(1))).allowed).toBe(true);
  });

  it('clears the count for an account and address after a success', async () => {
    const t = throttle();
    const org = t.account('org');
    await t.fail(org, t.ip(1), 4);
    await t.succeed(org, t.ip(1));
    expect(allowed(await t.fail(org, t.ip(1), 5))).toBe(true);
    expect((await t.instance.begin(org, t.ip(1))).allowed).toBe(false);
  });

  it('allows 20 failures per address across accounts, a success forgiving only its own attempt', async () => {
    const t = throttle();
    for (let i = 0; i < 19; i += 1) await t.fail(t.account(`u${i}`), t.ip(9));
    await t.succeed(t.account('me'), t.ip(9));
    expect(allowed(await t.fail(t.account('u19'), t.ip(9)))).toBe(true);
    expect((await t.instance.begin(t.account('u20'), t.ip(9))).allowed).toBe(false);
  });

  it('caps failures per account across addresses, except for an address that logged in before', async () => {
    const t = throttle({ perAccount: 10 });
    const org = t.account('org');
    // The organizer logged in from home earlier.
    await t.succeed(org, t.ip(5));
    // A botnet spends the account's allowance from ten addresses.
    for (let i = 10; i < 20; i += 1) await t.fail(org, t.ip(i));
    expect((await t.instance.begin(org, t.ip(99))).allowed).toBe(false);
    // The organizer's known address is not locked out.
    expect((await t.instance.begin(org, t.ip(5))).allowed).toBe(true);
    // A new address waits at most one window.
    t.advance(15 * minute);
    expect((await t.instance.begin(org, t.ip(99))).allowed).toBe(true);
  });

  it('counts an attempt from the moment it starts, so parallel guesses cannot overshoot', async () => {
    const t = throttle();
    const org = t.account('org');
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () => t.instance.begin(org, t.ip(1))),
    );
    expect(parallel.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('counts the same for every throttle on the database (every instance)', async () => {
    const t = throttle();
    const elsewhere = new LoginThrottle(db.kysely, defaultThrottleLimits, t.clock);
    const org = t.account('org');
    const decisions = [];
    for (let i = 0; i < 6; i += 1) {
      decisions.push(await (i % 2 ? elsewhere : t.instance).begin(org, t.ip(1)));
    }
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('takes two successes of one account and address at the same moment, on two instances', async () => {
    const t = throttle();
    const elsewhere = new LoginThrottle(db.kysely, defaultThrottleLimits, t.clock);
    const org = t.account('org');
    for (let round = 0; round < 10; round += 1) {
      const begun = [await t.instance.begin(org, t.ip(1)), await elsewhere.begin(org, t.ip(1))];
      await Promise.all(
        begun.map((decision, i) => {
          if (!decision.allowed) throw new Error('refused');
          return (i ? elsewhere : t.instance).succeeded(decision.attempt, org, t.ip(1));
        }),
      );
    }
    expect(allowed(await t.fail(org, t.ip(1), 5))).toBe(true);
  });
});
