// What saving would erase at once: a date (or time, zone, duration or retention) that ends the
// retention makes the retention job erase, right after the save, every registration of the
// edition made longer ago than the retention's days (decision 0071). A year mistyped would do it
// silently; the form says how many before, and asks (decision 0163). Counted from the panel's live
// list of the current edition, with the rule the server uses (src/shared/retention.ts).
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { counted } from '@shared/plural.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { erasableUpTo } from '@shared/retention.ts';

const retentionFields = ['date', 'time', 'timeZone', 'durationMinutes', 'retentionDays'] as const;

function dueCount(settings: EventSettings, list: readonly Registration[], now: Date): number {
  const upTo = erasableUpTo(settings, now);
  if (upTo === undefined) return 0;
  // Both ISO 8601 UTC strings: text order is time order.
  return list.filter((r) => r.created_at <= upTo).length;
}

/**
 * How many of the edition's registrations saving `typed` (valid settings, or undefined while they
 * are not) would erase that the saved settings do not already: 0 when it changes none of the
 * retention's fields.
 */
export function erasedBySaving(
  typed: EventSettings | undefined,
  saved: EventSettings,
  list: readonly Registration[],
  now = new Date(),
): number {
  if (!typed || retentionFields.every((field) => typed[field] === saved[field])) return 0;
  return Math.max(0, dueCount(typed, list, now) - dueCount(saved, list, now));
}

/** 'Atenção: com essa data, …: 2 inscrições desta edição serão apagadas para sempre ao salvar.' */
export function erasureWarning(count: number): string {
  return `Atenção: com essa data, o prazo de guarda dos dados já terminou: ${counted(count, {
    one: 'inscrição desta edição será apagada',
    other: 'inscrições desta edição serão apagadas',
  })} para sempre ao salvar.`;
}
