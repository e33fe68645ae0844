import type { Registration } from '@shared/registration.schema.ts';

/** Each waitlisted person's place: the oldest first, as the seats go. */
export function waitlistPlaces(registrations: Registration[]): Map<string, number> {
  const waiting = registrations
    .filter((r) => r.status === 'waitlisted')
    .sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    );
  return new Map(waiting.map((r, index) => [r.id, index + 1]));
}
