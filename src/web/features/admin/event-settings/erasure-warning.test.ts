import { describe, expect, it } from 'vitest';
import { defaultEvent } from '@shared/event.ts';
import { servedRegistration } from '#test/builders/registrations.ts';
import { erasedBySaving, erasureWarning } from './erasure-warning.ts';

const now = new Date('2026-11-27T12:00:00.000Z');
const daysAgo = (days: number) =>
  servedRegistration({ created_at: new Date(now.getTime() - days * 86_400_000).toISOString() });

describe('what saving the Evento form would erase at once', () => {
  const saved = { ...defaultEvent, date: '2027-06-01', retentionDays: 30 };
  const list = [daysAgo(40), daysAgo(31), daysAgo(29), daysAgo(0)];

  it('counts the registrations older than the retention once the typed date ends it', () => {
    expect(erasedBySaving({ ...saved, date: '2017-06-01' }, saved, list, now)).toBe(2);
    expect(
      erasedBySaving({ ...saved, date: '2017-06-01', retentionDays: 1 }, saved, list, now),
    ).toBe(3);
    expect(erasureWarning(2)).toBe(
      'Atenção: com essa data, o prazo de guarda dos dados já terminou: 2 inscrições desta edição serão apagadas para sempre ao salvar.',
    );
    expect(erasureWarning(1)).toContain('1 inscrição desta edição será apagada');
  });

  it('counts nothing while the retention runs, the fields are not valid yet, or nothing of it changed', () => {
    expect(erasedBySaving({ ...saved, date: '2027-07-01' }, saved, list, now)).toBe(0);
    expect(erasedBySaving(undefined, saved, list, now)).toBe(0);
    expect(erasedBySaving({ ...saved, venue: 'Outro' }, saved, list, now)).toBe(0);
    // Already due under the saved settings: the hourly job's, not this save's.
    const past = { ...saved, date: '2017-06-01' };
    expect(erasedBySaving({ ...past, venue: 'Outro' }, past, list, now)).toBe(0);
    expect(erasedBySaving({ ...past, time: '08:00' }, past, list, now)).toBe(0);
  });
});
