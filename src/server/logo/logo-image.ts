// A logo as sent (PNG, JPEG or WebP) made into what the pages and e-mails show: at most 480 px
// wide, in PNG (transparency kept) or JPEG (a photo), both of which every e-mail client shows,
// with its metadata (a phone's location, a camera's serial) dropped. sharp (libvips) does the
// decoding and resizing: no hand-written image code (decision 0225).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { logoLimits } from '../../shared/event-logo.ts';

export interface LogoImage {
  hash: string;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
  bytes: Buffer;
}

/** The bytes are no PNG, JPEG or WebP picture sharp can read. */
export class NotAnImageError extends Error {
  constructor() {
    super('the logo is not a PNG, JPEG or WebP picture');
  }
}

/** More pixels than a logo needs, refused before they are decoded. */
export class TooManyPixelsError extends Error {
  constructor() {
    super('the logo has too many pixels');
  }
}

const readable = new Set(['png', 'jpeg', 'webp']);

export async function prepareLogo(input: Buffer): Promise<LogoImage> {
  let metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new NotAnImageError();
  }
  // What the bytes are, not what the Content-Type said: an SVG (scripts) or a GIF is refused.
  if (!metadata.format || !readable.has(metadata.format)) throw new NotAnImageError();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > logoLimits.inputPixels) {
    throw new TooManyPixelsError();
  }
  const photo = metadata.format === 'jpeg';
  let output;
  try {
    const upright = sharp(input, { limitInputPixels: logoLimits.inputPixels })
      // The camera's orientation applied, so a phone's picture is not shown on its side.
      .rotate()
      .resize({ width: logoLimits.width, withoutEnlargement: true });
    const encoded = photo
      ? upright.jpeg({ quality: 85, mozjpeg: true })
      : upright.png({ compressionLevel: 9 });
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw new NotAnImageError();
  }
  const hash = createHash('sha256').update(output.data).digest('hex').slice(0, 32);
  return {
    hash,
    contentType: photo ? 'image/jpeg' : 'image/png',
    extension: photo ? 'jpg' : 'png',
    width: output.info.width,
    height: output.info.height,
    bytes: output.data,
  };
}
