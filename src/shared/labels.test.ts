import { describe, expect, it } from 'vitest';
import { bringsSomeone, formatClockTime, formatDateTime } from './labels.ts';

describe('formatDateTime', () => {
  it('is the pt-BR short date and time in the event time zone', () => {
    expect(formatDateTime('2025-11-21T19:03:00.000Z', 'America/New_York')).toBe(
      '21/11/2025, 14:03',
    );
    expect(formatDateTime('2025-12-06T12:30:00.000Z', 'America/Sao_Paulo')).toBe(
      '06/12/2025, 09:30',
    );
  });
});

describe('formatClockTime', () => {
  it('is the hour and minute on the event clock, 24 h, two digits each', () => {
    expect(formatClockTime('2025-12-06T12:31:00.000Z', 'America/New_York')).toBe('07:31');
    expect(formatClockTime('2025-12-06T23:05:59.000Z', 'America/Sao_Paulo')).toBe('20:05');
    expect(formatClockTime('2025-12-07T04:00:00.000Z', 'America/New_York')).toBe('23:00');
    expect(formatClockTime('2025-12-07T05:00:00.000Z', 'America/New_York')).toBe('00:00');
  });
});

describe('bringsSomeone', () => {
  it('answers Sim, Não, or nothing when the question was skipped', () => {
    expect(bringsSomeone({ levar_alguem: 'sim' })).toBe('Sim');
    expect(bringsSomeone({ levar_alguem: 'nao' })).toBe('Não');
    expect(bringsSomeone({ levar_alguem: null })).toBe('');
  });
});
