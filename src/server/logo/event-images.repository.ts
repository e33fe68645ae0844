// The logos' bytes (table event_images, decision 0225): written once per content, read by the
// address's hash. Editions that share a logo share its row.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LogoImage } from './logo-image.ts';

export async function storeImage(
  db: Kysely<Database> | Transaction<Database>,
  image: LogoImage,
): Promise<void> {
  await db
    .insertInto('event_images')
    .values({
      hash: image.hash,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

export interface StoredImage {
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

export async function readImage(db: Kysely<Database>, hash: string): Promise<StoredImage | null> {
  const row = await db
    .selectFrom('event_images')
    .select(['content_type', 'width', 'height', 'bytes'])
    .where('hash', '=', hash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    bytes: Buffer.from(row.bytes),
  };
}

/** The picture a logo's address names (`/imagens/<hash>.png`), or undefined when it is not there. */
export async function logoOf(db: Kysely<Database>, url: string): Promise<StoredImage | undefined> {
  const hash = /^\/imagens\/([0-9a-f]{32})\./.exec(url)?.[1];
  return (hash && (await readImage(db, hash))) || undefined;
}
