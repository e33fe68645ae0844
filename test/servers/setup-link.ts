// The first start's setup link, as a server prints it in its log: a log kept in memory, and the
// link read from it.
import { Writable } from 'node:stream';
import { setupPage } from '../../src/shared/paths.ts';

export interface KeptLog {
  stream: NodeJS.WritableStream;
  text(): string;
}

/** A log stream for startAppServer whose text can be read back. */
export function keptLog(): KeptLog {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

/** The link exactly as the server printed it in `output` (its log). */
export function printedLink(output: string): string {
  const line = output.split('\n').find((text) => text.includes(`${setupPage}?token=`));
  const link = line && /(https?:\/\/\S+\?token=[\w-]+)/.exec(line)?.[1];
  if (!link) throw new Error(`no setup link in the log:\n${output}`);
  return link;
}
