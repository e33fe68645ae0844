// The people claimed messages go to, read once per claimed batch, each with the settings of their
// own edition, which their messages speak of.
import type { Kysely } from 'kysely';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { attendeePageUrl } from '../../shared/paths.ts';
import type { Database } from '../db/schema.ts';
import { certificatePicturesOf } from '../certificates/certificate-pictures.ts';
import { certificatesOf } from '../certificates/certificates-of.repository.ts';
import { logoOf } from '../logo/event-images.repository.ts';
import { findWithEditions } from '../registrations/registration-reads.repository.ts';
import type { Recipient } from './message-composition.ts';

/** By registration id; a registration deleted meanwhile, or of an unknown edition, is absent. */
export async function recipientsOf(
  db: Kysely<Database>,
  ids: readonly string[],
  settingsOf: (editionId: string) => Promise<EventSettings | undefined>,
  publicUrl: string,
): Promise<Map<string, Recipient>> {
  const recipients = new Map<string, Recipient>();
  // One read per logo and batch: every message of an edition carries the same picture.
  const logos = new Map<string, Recipient['logo']>();
  const certificates = await certificatesOf(db, ids);
  for (const { registration, editionId, personalToken } of await findWithEditions(db, ids)) {
    const event = await settingsOf(editionId);
    if (!event) continue;
    const logoUrl = event.logo?.url;
    if (logoUrl && !logos.has(logoUrl)) logos.set(logoUrl, await logoOf(db, logoUrl));
    const certificate = certificates.get(registration.id);
    recipients.set(registration.id, {
      registration,
      event,
      logo: logoUrl ? logos.get(logoUrl) : undefined,
      personalUrl: personalToken ? attendeePageUrl(publicUrl, personalToken) : undefined,
      personalToken: personalToken ?? undefined,
      certificate,
      // Read once per process and picture (certificate-pictures.ts): cheap after the first.
      certificatePictures: certificate ? await certificatePicturesOf(db, event) : undefined,
    });
  }
  return recipients;
}
