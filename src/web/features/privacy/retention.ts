// Until when the organization keeps the registrations: `retentionDays` after the event's date.
import type { EventConfig } from '@shared/event.ts';

/** '6 de março de 2026' for an event on 2025-12-06 kept 90 days. */
export function retentionEndDate(event: Pick<EventConfig, 'date' | 'retentionDays'>): string {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  // Calendar arithmetic in UTC: no daylight-saving hour can move the day.
  const end = new Date(Date.UTC(year, month - 1, day + event.retentionDays));
  return new Intl.DateTimeFormat('pt-BR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(end);
}
