// The pictures a certificate carries (issue 36.1): the event page's logo, top left, and each
// signer's image above their line. Both live in the database (event_images, decision 0225); each is
// made once per process into what the PDF embeds, flattened on the page's white and fitted to its
// box (sharp: the same input gives the same bytes, so the PDF stays the same each time), so a
// certificate stays small whatever was uploaded (decision 0288).
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { certificateLayout as layout } from '../../shared/certificate-layout.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { Database } from '../db/schema.ts';
import { logoOf } from '../logo/event-images.repository.ts';

export interface CertificatePictures {
  /** PNG or JPEG bytes, fitted to the logo's box. */
  logo?: Buffer | undefined;
  /** By signer: PNG bytes fitted to the signature's box, or undefined for the line alone. */
  signatures: (Buffer | undefined)[];
}

/** Pixels per point: sharp enough printed, small enough to keep the PDF under 300 KB. */
const density = 2.5;

/** Most a picture may weigh in the PDF: three of them and the rest stay under 300 KB. */
const budget = 72 * 1024;

/**
 * Picture bytes as the certificate embeds them: on white, at most its box, PNG or JPEG as it came;
 * one heavier than its share (a photo, noise) is made lighter: fewer colours, or a lower quality.
 */
export async function fittedPicture(
  bytes: Buffer,
  box: { width: number; height: number },
): Promise<Buffer> {
  const fitted = () =>
    sharp(bytes)
      .flatten({ background: '#ffffff' })
      .resize({
        width: Math.round(box.width * density),
        height: Math.round(box.height * density),
        fit: 'inside',
        withoutEnlargement: true,
      });
  const { format } = await sharp(bytes).metadata();
  const jpeg = format === 'jpeg';
  const full = await (
    jpeg ? fitted().jpeg({ quality: 85 }) : fitted().png({ compressionLevel: 9 })
  ).toBuffer();
  if (full.length <= budget) return full;
  return (
    jpeg
      ? fitted().jpeg({ quality: 50 })
      : fitted().png({ compressionLevel: 9, palette: true, colours: 16, dither: 0 })
  ).toBuffer();
}

// A handful at most (a logo, two signatures, an edition or two): an address's content never changes.
const made = new Map<string, Promise<Buffer | undefined>>();

function pictureAt(
  db: Kysely<Database>,
  url: string | undefined,
  box: { width: number; height: number },
): Promise<Buffer | undefined> {
  if (!url) return Promise.resolve(undefined);
  const key = `${url} ${box.width}x${box.height}`;
  let picture = made.get(key);
  if (!picture) {
    picture = logoOf(db, url).then((stored) => stored && fittedPicture(stored.bytes, box));
    // A picture missing now may be stored later (a parallel upload): only what was found stays.
    void picture.then(
      (found) => found ?? made.delete(key),
      () => made.delete(key),
    );
    if (made.size >= 16) made.delete(made.keys().next().value!);
    made.set(key, picture);
  }
  return picture;
}

export async function certificatePicturesOf(
  db: Kysely<Database>,
  settings: Pick<EventSettings, 'logo' | 'certificate'>,
): Promise<CertificatePictures> {
  const { logo, signature } = layout.pictures;
  const signers = settings.certificate.signers.slice(0, 2);
  const [logoBytes, ...signatures] = await Promise.all([
    pictureAt(db, settings.logo?.url, logo),
    ...signers.map((signer) => pictureAt(db, signer.image?.url, signature)),
  ]);
  return { logo: logoBytes, signatures };
}
