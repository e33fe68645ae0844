import { describe, expect, it } from 'vitest';
import { bringsSomeone, formatDateTime, formatTime } from './labels.ts';

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

describe('formatTime', () => {
  it('is the hour and minute in the event time zone, whatever the date', () => {
    expect(formatTime('2025-12-06T12:30:00.000Z', 'America/New_York')).toBe('07:30');
    expect(formatTime('2025-12-06T12:30:00.000Z', 'America/Sao_Paulo')).toBe('09:30');
  });
});

describe('bringsSomeone', () => {
  it('answers Sim, Não, or nothing when the question was skipped', () => {
    expect(bringsSomeone({ levar_alguem: 'sim' })).toBe('Sim');
    expect(bringsSomeone({ levar_alguem: 'nao' })).toBe('Não');
    expect(bringsSomeone({ levar_alguem: null })).toBe('');
  });
});
