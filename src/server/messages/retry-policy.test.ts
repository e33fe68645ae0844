import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy, giveUpAfterMs, nextAttemptAt, outcomeOf } from './retry-policy.ts';

const created = '2025-12-01T10:00:00.000Z';
const start = Date.parse(created);

describe('the retry policy', () => {
  it('tries the first retry within a minute, whatever the jitter', () => {
    for (const random of [0, 0.5, 0.999]) {
      const at = Date.parse(nextAttemptAt(defaultRetryPolicy, 1, created, start, () => random)!);
      expect(at - start).toBeGreaterThan(0);
      expect(at - start).toBeLessThanOrEqual(60_000);
    }
  });

  it('doubles the wait after each try, up to an hour', () => {
    const waits = [1, 2, 3, 4, 12].map(
      (attempts) =>
        Date.parse(nextAttemptAt(defaultRetryPolicy, attempts, created, start, () => 1)!) - start,
    );
    expect(waits.slice(0, 4)).toEqual([40_000, 80_000, 160_000, 320_000]);
    expect(waits[4]).toBe(60 * 60_000);
  });

  it('spreads a burst that failed together', () => {
    const times = new Set(
      [0.1, 0.4, 0.7, 0.9].map((r) =>
        nextAttemptAt(defaultRetryPolicy, 3, created, start, () => r),
      ),
    );
    expect(times.size).toBe(4);
  });

  it('gives up once the message would be tried more than a day after it was queued', () => {
    const late = start + giveUpAfterMs - 1000;
    expect(nextAttemptAt(defaultRetryPolicy, 9, created, late, () => 0.5)).toBeNull();
    expect(nextAttemptAt(defaultRetryPolicy, 9, created, start + 60_000, () => 0.5)).not.toBeNull();
  });
});

describe('what an attempt records', () => {
  const fresh = { attempts: 1, created_at: new Date().toISOString() };
  const dayOld = { attempts: 9, created_at: new Date(Date.now() - giveUpAfterMs).toISOString() };

  it('records a send the provider accepted, with its id', () => {
    expect(
      outcomeOf(defaultRetryPolicy, fresh, { kind: 'accepted', providerId: 'wamid.1' }),
    ).toEqual({ kind: 'sent', providerId: 'wamid.1' });
  });

  it('fails for good what trying again would not change', () => {
    for (const kind of ['permanent', 'unsendable'] as const) {
      expect(outcomeOf(defaultRetryPolicy, fresh, { kind, code: 'x', message: 'Motivo.' })).toEqual(
        { kind: 'failed', code: 'x', message: 'Motivo.' },
      );
    }
  });

  it('hands back untried a message whose channel’s credentials were refused', () => {
    const result = { kind: 'credentials', code: '535', message: 'Senha recusada.' } as const;
    expect(outcomeOf(defaultRetryPolicy, fresh, result)).toEqual({ kind: 'released' });
  });

  it('tries a temporary failure again within the policy, and gives up after a day, saying why', () => {
    const result = { kind: 'temporary', code: '421', message: 'Servidor ocupado.' } as const;
    const retry = outcomeOf(defaultRetryPolicy, fresh, result);
    expect(retry).toMatchObject({ kind: 'retry', code: '421', message: 'Servidor ocupado.' });
    expect(Date.parse((retry as { at: string }).at)).toBeGreaterThan(Date.now());
    expect(outcomeOf(defaultRetryPolicy, dayOld, result)).toEqual({
      kind: 'failed',
      code: '421',
      message: 'Sem sucesso em 24 horas de tentativas. Último motivo: Servidor ocupado.',
    });
  });
});
