import { describe, expect, it } from 'vitest';
import { retentionEndDate } from './retention.ts';

describe('retentionEndDate', () => {
  it('counts the days after the event, across months and years', () => {
    expect(retentionEndDate({ date: '2025-12-06', retentionDays: 90 })).toBe('6 de março de 2026');
    expect(retentionEndDate({ date: '2025-12-06', retentionDays: 30 })).toBe(
      '5 de janeiro de 2026',
    );
  });

  it('knows leap years and daylight-saving changes do not move the day', () => {
    expect(retentionEndDate({ date: '2028-02-28', retentionDays: 1 })).toBe(
      '29 de fevereiro de 2028',
    );
    expect(retentionEndDate({ date: '2025-11-01', retentionDays: 2 })).toBe(
      '3 de novembro de 2025',
    );
  });
});
