// 'Baixar todos' (issue 36.6): every issued certificate of an edition in one ZIP, by yazl
// (decision 0242). yazl asks for an entry's content only once the previous one has gone into its
// output, and the output is piped to the client: each PDF is made then, and the rows are read a
// page at a time as the ZIP reaches them. The first bytes leave before the second PDF is made,
// and however many there are, about one page of rows and one PDF are held in memory at a time.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { Database } from '../db/schema.ts';
import type { StoredEdition } from '../editions/editions.repository.ts';
import { storedCertificatePdf } from './certificate-document.ts';
import { issuedCertificatesPage } from './certificate-reads.repository.ts';
import type { CertificateRow } from './certificates.repository.ts';

const pageSize = 50;

/** 'Conceição Araújo' → 'conceicao-araujo': a file name every unzip and file system takes. */
function asciiName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return plain || 'certificado';
}

/** The name, for the organizer looking for someone, and the code, which makes it unique. */
export function zipEntryName(name: string, code: string): string {
  return `${asciiName(name)}-${code}.pdf`;
}

export function certificatesZip(
  db: Kysely<Database>,
  edition: Pick<StoredEdition, 'id' | 'settings'>,
  publicUrl: string,
  onError: (error: unknown) => void,
): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A PDF or a page that cannot be made ends the download broken, never a ZIP missing someone.
  const fail = (error: unknown) => {
    onError(error);
    output.destroy(error as Error);
  };
  zip.on('error', fail);

  const pdfOf = (row: CertificateRow) => async () => {
    // Making a PDF holds the thread for a while, and the streams between two of them never leave
    // it: each waits its turn after I/O, so the bytes made so far leave and other requests are
    // answered (without it, the first byte left after the last PDF).
    await nextTurn();
    return Readable.from([await storedCertificatePdf(db, row, edition.settings, publicUrl)]);
  };

  async function addPage(after?: CertificateRow) {
    const rows = await issuedCertificatesPage(db, edition.id, after, pageSize);
    rows.forEach((row, index) => {
      const last = index === rows.length - 1 && rows.length === pageSize;
      const content = pdfOf(row);
      // PDFKit's streams are compressed already: stored as they are, deflate would only cost time.
      zip.addReadStreamLazy(
        zipEntryName(row.name, row.code),
        { mtime: new Date(row.issued_at), compress: false },
        (done) => {
          // The page's last entry is being written: the next page is read meanwhile.
          if (last) addPage(row).catch(fail);
          content().then(
            (stream) => done(null, stream),
            (error: unknown) => done(error as Error, undefined as never),
          );
        },
      );
    });
    if (rows.length < pageSize) zip.end();
  }
  addPage().catch(fail);
  return output;
}
