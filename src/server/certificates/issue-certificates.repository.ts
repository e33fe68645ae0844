// Who gets a certificate (issue 36.2): every registration of the edition whose door entry falls
// in the event's attendance window (shared/attendance-window.ts, decision 0212: 12 h before the
// start to 12 h after the end) and that has none yet; nobody else. Each is stored with a new code
// and what its page will show; the unique registration_id makes a second issuer's insert a no-op.
// Its 'certificate' messages are queued in the transaction that stored it, and only by the issuer
// whose insert stored it: one certificate and one message per channel, whoever issues at once
// (decision 0236).
import type { Kysely } from 'kysely';
import { attendanceWindow } from '../../shared/attendance-window.ts';
import { certificateHours } from '../../shared/certificate-text.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Database } from '../db/schema.ts';
import { queueMessages } from '../messages/outbox.repository.ts';
import { newCertificateCode } from './certificate-code.ts';
import { insertCertificate } from './certificates.repository.ts';

export interface IssuingEdition {
  id: string;
  settings: EventSettings;
}

/** Certificates stored per transaction: one commit (one disk sync on SQLite) for many. */
const batchSize = 200;

/**
 * Issues the edition's missing certificates, each with its message on `channels` (the plan's
 * `certificate`); resolves with how many this call stored.
 */
export async function issueCertificates(
  db: Kysely<Database>,
  edition: IssuingEdition,
  now: Date,
  channels: readonly MessageChannel[] = [],
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
  // In the selection's order on every issuer: two transactions meeting on PostgreSQL wait for
  // each other in one order, never in a circle.
  for (let start = 0; start < attendees.length; start += batchSize) {
    const batch = attendees.slice(start, start + batchSize);
    issued += await db.transaction().execute(async (trx) => {
      let stored = 0;
      for (const attendee of batch) {
        const inserted = await insertCertificate(trx, {
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
        if (!inserted) continue;
        stored += 1;
        await queueMessages(
          trx,
          channels.map((channel) => ({
            registrationId: attendee.id,
            kind: 'certificate',
            channel,
          })),
        );
      }
      return stored;
    });
  }
  return issued;
}
