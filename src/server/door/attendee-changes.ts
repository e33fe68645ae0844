// The door's view of a change to a registration (its live stream): the attendee as it is now, in
// whatever state, or that it left the list (deleted).
import type { AttendeeChange } from '../../shared/door.schema.ts';
import type { RegistrationChange } from '../../shared/live-change.schema.ts';
import { toAttendee } from './attendees.repository.ts';

export function toAttendeeChange(change: RegistrationChange): AttendeeChange {
  if (change.type === 'deleted') return { type: 'removed', id: change.id };
  return { type: 'upserted', attendee: toAttendee(change.registration) };
}
