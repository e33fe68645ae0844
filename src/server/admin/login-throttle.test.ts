import { describe, expect, it } from 'vitest';
import { defaultThrottleLimits, LoginThrottle } from './login-throttle.ts';

const minute = 60_000;

function throttle(overrides: Partial<typeof defaultThrottleLimits> = {}) {
  let now = 1_000_000;
  const instance = new LoginThrottle({ ...defaultThrottleLimits, ...overrides }, () => now);
  return {
    instance,
    advance(ms: number) {
      now += ms;
    },
    /** n failed attempts; returns the decisions. */
    fail(account: string, ip: string, n = 1) {
      return Array.from({ length: n }, () => instance.begin(account, ip));
    },
  };
}

describe('LoginThrottle', () => {
  it('allows 5 failures per account and address in 15 minutes, then says how long to wait', () => {
    const t = throttle();
    expect(t.fail('org@x', '1.1.1.1').every((d) => d.allowed)).toBe(true);
    t.advance(minute);
    expect(t.fail('org@x', '1.1.1.1', 4).every((d) => d.allowed)).toBe(true);
    const blocked = t.instance.begin('org@x', '1.1.1.1');
    expect(blocked).toEqual({ allowed: false, retryAfterSeconds: 14 * 60 });
    // Other addresses and other accounts are unaffected.
    expect(t.instance.begin('org@x', '2.2.2.2').allowed).toBe(true);
    expect(t.instance.begin('other@x', '1.1.1.1').allowed).toBe(true);
    // The window slides: once the first failure is 15 minutes old, one more try is allowed.
    t.advance(14 * minute);
    expect(t.instance.begin('org@x', '1.1.1.1').allowed).toBe(true);
    expect(t.instance.begin('org@x', '1.1.1.1').allowed).toBe(false);
  });

  it('does not count refused attempts, so hammering does not extend the wait', () => {
    const t = throttle();
    t.fail('org@x', '1.1.1.1', 5);
    t.advance(5 * minute);
    t.fail('org@x', '1.1.1.1', 100);
    t.advance(10 * minute);
    expect(t.instance.begin('org@x', '1.1.1.1').allowed).toBe(true);
  });

  it('clears the count for an account and address after a success', () => {
    const t = throttle();
    t.fail('org@x', '1.1.1.1', 4);
    t.instance.begin('org@x', '1.1.1.1');
    t.instance.succeeded('org@x', '1.1.1.1');
    expect(t.fail('org@x', '1.1.1.1', 5).every((d) => d.allowed)).toBe(true);
  });

  it('allows 20 failures per address across accounts', () => {
    const t = throttle();
    const decisions = Array.from({ length: 21 }, (_, i) => t.instance.begin(`u${i}@x`, '9.9.9.9'));
    expect(decisions.slice(0, 20).every((d) => d.allowed)).toBe(true);
    expect(decisions[20]?.allowed).toBe(false);
  });

  it('caps failures per account across addresses, except for an address that logged in before', () => {
    const t = throttle({ perAccount: 10 });
    // The organizer logged in from home earlier.
    t.instance.begin('org@x', '5.5.5.5');
    t.instance.succeeded('org@x', '5.5.5.5');
    // A botnet spends the account's allowance from ten addresses.
    for (let i = 0; i < 10; i += 1) t.fail('org@x', `10.0.0.${i}`);
    expect(t.instance.begin('org@x', '10.0.1.1').allowed).toBe(false);
    // The organizer's known address is not locked out.
    expect(t.instance.begin('org@x', '5.5.5.5').allowed).toBe(true);
    // A new address waits at most one window.
    t.advance(15 * minute);
    expect(t.instance.begin('org@x', '10.0.1.1').allowed).toBe(true);
  });

  it('counts an attempt from the moment it starts, so parallel guesses cannot overshoot', () => {
    const t = throttle();
    const parallel = t.fail('org@x', '1.1.1.1', 8);
    expect(parallel.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('forgets the oldest keys beyond its bound', () => {
    const t = throttle({ maxKeys: 3, perIp: 1000 });
    for (let i = 0; i < 4; i += 1) t.fail(`u${i}@x`, '1.1.1.1', 5);
    // u0's entry was dropped to stay within the bound; u3's is kept.
    expect(t.instance.begin('u0@x', '1.1.1.1').allowed).toBe(true);
    expect(t.instance.begin('u3@x', '1.1.1.1').allowed).toBe(false);
  });
});
