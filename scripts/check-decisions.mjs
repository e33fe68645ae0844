// `npm run lint`'s check of the decision records (docs/decisions/): every record a file cites
// exists, every link to a record names its file as it is, and the index lists every record.
// A citation is how the repository writes one: `decision 0130`, `decisions 0060 and 0109`,
// `(0130)`, `0130's`, `since 0101`, `docs/decisions/0130`, `[0130](decisions/0130-….md)`,
// `0125-0128` (both ends): four digits with a leading zero, standing alone. A phone's
// `555-0199`, a UUID's `00000000-0000-4000`, an address's `:0db8:0001`, `U+0000`, `0.2126`,
// `--mode 0750` and a number in quotes (`'0000'`) are not citations. Exits 1 on a missing record or a broken link; a record
// missing from the index is printed as a warning (the lead adds helpers' records to it).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const decisionsFolder = 'docs/decisions';
const indexFile = `${decisionsFolder}/README.md`;
/** Its own test cites records that do not exist, on purpose. */
const notRead = new Set(['scripts/check-decisions.test.ts']);

/** A record's number alone: not part of a word, a decimal, an address, quotes or a mode. */
const single =
  /(?<![\w.+#%$\\'"`])(?<!\d[-–,])(?<![0-9a-fA-F]:)(?<!(?:mode|chmod|umask) )(0\d{3})(?![\w%"`])(?!'(?!s\b))(?![.:,]\d)(?![-–]\d)(?!:[0-9a-fA-F])/g;
/** Two numbers joined by a dash or a slash: both ends are cited (`0125-0128`, `0022/0023`). */
const pair = /(?<![\w.+#%$\\'"`-])(0\d{3})\s?[-–/]\s?(0\d{3})(?![\w%'"`])(?![.:,-]\d)/g;
/** A link or path to a record's file (`decisions/0130-….md`, or `](0130-….md)` beside it). */
const recordFile = /(?:decisions\/|\]\()(\d{4}-[\w-]+)\.md/g;

/**
 * The record numbers `text` cites, each with its line (1-based), in order of appearance.
 * @param {string} text
 * @returns {{ number: string, line: number }[]}
 */
export function citations(text) {
  const found = [];
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  const pairs = [];
  for (const match of text.matchAll(pair)) {
    pairs.push([match.index, match.index + match[0].length]);
    found.push({ number: match[1], line: lineOf(match.index), at: match.index });
    found.push({ number: match[2], line: lineOf(match.index), at: match.index + 1 });
  }
  for (const match of text.matchAll(single)) {
    if (pairs.some(([start, end]) => match.index >= start && match.index < end)) continue;
    found.push({ number: match[1], line: lineOf(match.index), at: match.index });
  }
  return found.sort((a, b) => a.at - b.at).map(({ number, line }) => ({ number, line }));
}

/**
 * The record files `text` links to (`0130-seats-decided-….md`, without `.md`), with their lines.
 * @param {string} text
 */
export function recordLinks(text) {
  return [...text.matchAll(recordFile)].map((match) => ({
    name: match[1],
    line: text.slice(0, match.index).split('\n').length,
  }));
}

/** The files to read: tracked and new ones, git's ignores applied, text only. */
function repositoryFiles(root) {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file && !notRead.has(file))
    .filter(
      (file) =>
        !/(^|\/)package-lock\.json$|\.(png|jpe?g|gif|webp|ico|woff2?|y4m|br|gz)$/.test(file),
    );
}

/**
 * Every problem in the repository at `root`: citations of records that do not exist, links to
 * record files that do not exist (renamed or never written), and records the index lacks.
 * @param {string} root
 * @param {string[]} [files] the files to read, relative to root (default: git's list)
 */
export function checkRepository(root, files = repositoryFiles(root)) {
  const records = readdirSync(join(root, decisionsFolder))
    .filter((name) => /^\d{4}-.*\.md$/.test(name))
    .map((name) => name.slice(0, -3));
  const numbers = new Set(records.map((name) => name.slice(0, 4)));
  const names = new Set(records);
  const errors = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree, or a folder (a submodule)
    }
    for (const { number, line } of citations(text)) {
      if (!numbers.has(number)) {
        errors.push(`${file}:${line}: cites decision ${number}, which does not exist`);
      }
    }
    for (const { name, line } of recordLinks(text)) {
      if (!names.has(name))
        errors.push(
          `${file}:${line}: links to ${decisionsFolder}/${name}.md, which does not exist`,
        );
    }
  }
  let index = '';
  try {
    index = readFileSync(join(root, indexFile), 'utf8');
  } catch {
    // No index yet: every record is missing from it.
  }
  const indexed = new Set(recordLinks(index).map((link) => link.name));
  const unindexed = records.filter((name) => !indexed.has(name));
  return { errors, unindexed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { errors, unindexed } = checkRepository(root);
  for (const name of unindexed) {
    console.warn(`${indexFile}: does not list ${name}.md yet (add a row under its area)`);
  }
  for (const error of errors) console.error(error);
  if (errors.length > 0) {
    console.error(
      `${errors.length} reference(s) to decision records that do not exist (${relative(process.cwd(), root) || '.'}).`,
    );
    process.exit(1);
  }
}
