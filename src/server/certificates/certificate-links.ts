// The certificate's file by a link that needs no login, for WhatsApp's document header (issue
// 36.4, decision 0238): the link carries the certificate's code and when it stops working, sealed
// with AES-256-GCM under a key every instance shares (table server_keys). Its address says nothing
// (no code, no name), a changed one does not open, and it opens for a week.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { certificateFile, withToken } from '../../shared/paths.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    certificateLinks: CertificateLinks;
  }
}

/** How long a link opens: Meta fetches the document as it sends, a retry may come days later. */
export const certificateLinkDays = 7;
const keyName = 'certificate-file-links';
const ivBytes = 12;
const tagBytes = 16;

export interface CertificateLinks {
  /** The file's absolute address, working until `certificateLinkDays` after `now`. */
  fileUrl(code: string, now?: Date): string;
  /** The code a link's token carries; 'expired' after its time; null when it is not ours. */
  open(token: string, now?: Date): { code: string } | 'expired' | null;
}

/** The shared key: made by whichever instance asks first, read by every other. */
async function sharedKey(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('server_keys')
    .values({
      name: keyName,
      key: randomBytes(32).toString('base64url'),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('key')
    .where('name', '=', keyName)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.key, 'base64url');
}

export function certificateLinksWith(key: Buffer, publicUrl: string): CertificateLinks {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    fileUrl(code, now = new Date()) {
      const until = now.getTime() + certificateLinkDays * 24 * 60 * 60_000;
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(`${code}|${until}`, 'utf8'), cipher.final()]);
      const token = Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
      return base + withToken(certificateFile, token);
    },
    open(token, now = new Date()) {
      if (!/^[\w-]{40,200}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length <= ivBytes + tagBytes) return null;
      let plain: string;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
        decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
        plain = Buffer.concat([
          decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Changed, cut short, or sealed under another key.
        return null;
      }
      const [code, until] = plain.split('|');
      if (!code || !until) return null;
      return now.getTime() > Number(until) ? 'expired' : { code };
    },
  };
}

export async function openCertificateLinks(
  db: Kysely<Database>,
  publicUrl: string,
): Promise<CertificateLinks> {
  return certificateLinksWith(await sharedKey(db), publicUrl);
}
