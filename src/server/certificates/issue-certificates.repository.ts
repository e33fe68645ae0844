// Who gets a certificate (issue 36.2): every registration of the edition whose door entry falls
// in the event's attendance window (shared/attendance-window.ts, decision 0212: 12 h before the
// start to 12 h after the end) and that has none yet; nobody else. Each is stored with a new code
// and what its page will show; the unique registration_id makes a second issuer's insert a no-op.
import type { Kysely } from 'kysely';
import { attendanceWindow } from '../../shared/attendance-window.ts';
import { certificateHours } from '../../shared/certificate-text.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { Database } from '../db/schema.ts';
import { newCertificateCode } from './certificate-code.ts';
import { insertCertificate } from './certificates.repository.ts';

export interface IssuingEdition {
  id: string;
  settings: EventSettings;
}

/** Issues the edition's missing certificates; resolves with how many this call stored. */
export async function issueCertificates(
  db: Kysely<Database>,
  edition: IssuingEdition,
  now: Date,
): Promise<number> {
  const { settings } = edition;
  const window = attendanceWindow(settings);
  const attendees = await db
    .selectFrom('registrations')
    .leftJoin('certificates', 'certificates.registration_id', 'registrations.id')
    .select(['registrations.id', 'registrations.nome_completo'])
    .where('registrations.event_id', '=', edition.id)
    .where('registrations.status', '=', 'confirmed')
    // ISO 8601 UTC on both sides: compared as text.
    .where('registrations.checked_in_at', '>=', window.from)
    .where('registrations.checked_in_at', '<=', window.to)
    .where('certificates.code', 'is', null)
    .orderBy('registrations.id')
    .execute();
  const minutes = Math.round(certificateHours(settings.certificate, settings.durationMinutes) * 60);
  let issued = 0;
  for (const attendee of attendees) {
    const stored = await insertCertificate(db, {
      code: newCertificateCode(),
      registration_id: attendee.id,
      event_id: edition.id,
      name: attendee.nome_completo,
      event_name: settings.name,
      event_date: settings.date,
      minutes,
      organizer: settings.organizer,
      issued_at: now.toISOString(),
      revoked_at: null,
    });
    if (stored) issued += 1;
  }
  return issued;
}
