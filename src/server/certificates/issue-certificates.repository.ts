// Who gets a certificate (issue 36.2): every registration of the edition whose door entry falls
// in the event's attendance window (shared/attendance-window.ts, decision 0212: 12 h before the
// start to 12 h after the end) and that has none yet; nobody else. Each is stored with a new code
// and what its page will show; the unique registration_id makes a second issuer's insert a no-op.
// Its 'certificate' messages are queued in the transaction that stored it, and only by the issuer
// whose insert stored it: one certificate and one message per channel, whoever issues at once
// (decision 0236).
import type { Kysely, Transaction } from 'kysely';
import { attendanceWindow } from '../../shared/attendance-window.ts';
import { certificateHours } from '../../shared/certificate-text.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { MessageChannel } from '../../shared/message.schema.ts';
import type { Actor } from '../audit/actor.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import { logChange } from '../live/live-changes.repository.ts';
import { queueMessages } from '../messages/outbox.repository.ts';
import { newCertificateCode } from './certificate-code.ts';
import { insertCertificate } from './certificates.repository.ts';

export interface IssuingEdition {
  id: string;
  settings: EventSettings;
}

/** Certificates stored per transaction: one commit (one disk sync on SQLite) for many. */
const batchSize = 200;

/** How a certificate is issued: when, its messages' channels, and by whom (null: the job). */
export interface Issuing {
  now: Date;
  channels: readonly MessageChannel[];
  actor: Actor | null;
}

/**
 * Stores one person's certificate in the caller's transaction unless they have one; when stored,
 * queues its messages, records who issued it and tells the panels. True when stored.
 */
export async function storeCertificate(
  trx: Transaction<Database>,
  edition: IssuingEdition,
  person: { id: string; nome_completo: string },
  { now, channels, actor }: Issuing,
): Promise<boolean> {
  const { settings } = edition;
  const minutes = Math.round(certificateHours(settings.certificate, settings.durationMinutes) * 60);
  const inserted = await insertCertificate(trx, {
    code: newCertificateCode(),
    registration_id: person.id,
    event_id: edition.id,
    name: person.nome_completo,
    event_name: settings.name,
    event_date: settings.date,
    minutes,
    organizer: settings.organizer,
    issued_at: now.toISOString(),
    revoked_at: null,
  });
  if (!inserted) return false;
  await queueMessages(
    trx,
    channels.map((channel) => ({ registrationId: person.id, kind: 'certificate', channel })),
  );
  await recordAudit(trx, person.id, 'certificate_issued', actor, {
    at: now.toISOString(),
  });
  await logChange(trx, 'updated', person.id);
  return true;
}

/**
 * Issues the edition's missing certificates, each with its message on `channels` (the plan's
 * `certificate`); resolves with how many this call stored.
 */
export async function issueCertificates(
  db: Kysely<Database>,
  edition: IssuingEdition,
  now: Date,
  channels: readonly MessageChannel[] = [],
  actor: Actor | null = null,
): Promise<number> {
  const window = attendanceWindow(edition.settings);
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
  let issued = 0;
  // In the selection's order on every issuer: two transactions meeting on PostgreSQL wait for
  // each other in one order, never in a circle.
  for (let start = 0; start < attendees.length; start += batchSize) {
    const batch = attendees.slice(start, start + batchSize);
    issued += await db.transaction().execute(async (trx) => {
      let stored = 0;
      for (const attendee of batch) {
        if (await storeCertificate(trx, edition, attendee, { now, channels, actor })) stored += 1;
      }
      return stored;
    });
  }
  return issued;
}
