// The decision records' check (scripts/check-decisions.mjs, run by `npm run lint`): what counts as
// a citation in the way this repository writes them, what does not, and what it reports.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRepository, citations } from './check-decisions.mjs';

const numbers = (text: string) => citations(text).map((citation) => citation.number);

describe('citations', () => {
  it.each([
    ['// Seats (decision 0130): decided by the caller.', ['0130']],
    ['Decision 0120.', ['0120']],
    ['docs/decisions/0060 and 0109.', ['0060', '0109']],
    ['(decisions 0060 and 0109)', ['0060', '0109']],
    ['as the waiting list does (0130), not to the newest (0171).', ['0130', '0171']],
    ["the rules are 0007's). Three", ['0007']],
    ['see [0118](decisions/0118-first-admin-through-a-setup-link.md).', ['0118', '0118']],
    ['- Status: accepted; superseded by 0014 (pages), amended by 0019', ['0014', '0019']],
    ['After 0125-0128, the bench', ['0125', '0128']],
    ['Decisions 0200-0203 (issue 37)', ['0200', '0203']],
    ['one live stream, 0022/0023).', ['0022', '0023']],
    ['0004 says the form uses', ['0004']],
    ['Figures, and the shape that would be safe: 0157.', ['0157']],
  ])('finds the records %j cites', (text, expected) => {
    expect(numbers(text)).toEqual(expected);
  });

  it.each([
    ["whatsapp: '(508) 555-0199',"],
    ["'00000000-0000-4000-8000-000000000000'"],
    ["clientKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')"],
    ['refuses C0 control characters and DEL (`U+0000`–`U+001F`, `U+007F`)'],
    ['A `\\u0000` in any text field'],
    ['return 0.2126 * R + 0.7152 * G + 0.0722 * B;'],
    ['install --directory --mode 0750 /data /backups'],
    ["[{ date: '0202-12-05' }, 'date']"],
    ["a year typed short ('0202') would"],
    ['Meta answers 130429 under its rate limit; 131026 a number not on WhatsApp'],
    ['Commit 7b0961a patched the panel'],
    ['2026-11-27T10-seats-and-personal-links at 03:00, 1,0001'],
    ['a share of 0,1% or 10.0001'],
  ])('finds none in %j', (text) => {
    expect(numbers(text)).toEqual([]);
  });

  it('gives the line of each citation', () => {
    expect(citations('one\ntwo (0130)\n\nsee decision 0171')).toEqual([
      { number: '0130', line: 2 },
      { number: '0171', line: 4 },
    ]);
  });
});

describe('checkRepository', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function repository(files: Record<string, string>) {
    root = mkdtempSync(join(tmpdir(), 'check-decisions-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return Object.keys(files);
  }

  it('names the file and line citing a record that does not exist, and a renamed record', () => {
    const files = repository({
      'docs/decisions/0130-seats.md': '# Seats\n\nAmends 0110.\n',
      'docs/decisions/0110-editions.md': '# Editions\n',
      'docs/decisions/README.md': '- [0110](0110-editions.md)\n',
      'src/seats.ts':
        '// Seats (decision 0130),\n// written as one statement (docs/decisions/0097).\n',
      'docs/guide.md': 'See [0110](decisions/0110-the-editions.md).\n',
    });
    expect(checkRepository(root, files)).toEqual({
      errors: [
        'src/seats.ts:2: cites decision 0097, which does not exist',
        'docs/guide.md:1: links to docs/decisions/0110-the-editions.md, which does not exist',
      ],
      unindexed: ['0130-seats'],
    });
  });

  it('finds nothing wrong when every citation and link leads to a record', () => {
    const files = repository({
      'docs/decisions/0110-editions.md': '# Editions\n',
      'docs/decisions/README.md': '- [0110](0110-editions.md): editions\n',
      'src/editions.ts': '// Editions in the database (decision 0110).\n',
    });
    expect(checkRepository(root, files)).toEqual({ errors: [], unindexed: [] });
  });
});
