// The server answers only errors from the shared table (src/shared/api-error.ts): every error body
// goes through sendError, and every sendError names a kind of the table.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorTable } from '../shared/api-error.ts';

const serverDir = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const sources = sourceFiles(serverDir).map((path) => ({
  name: relative(serverDir, path),
  text: readFileSync(path, 'utf8'),
}));

/** `errorTable.<name>` (alone, or spread with Fastify's own status) in a piece of source. */
const tableKind = /^(?:\{\s*\.\.\.)?errorTable\.(\w+)(?:,\s*status:\s*error\.statusCode\s*\})?$/;

describe("the server's errors", () => {
  it('are sent with a kind from the table, at every call', () => {
    let calls = 0;
    for (const { name, text } of sources) {
      for (const match of text.matchAll(/sendError\(\s*reply,\s*([^,)]*(?:\{[^}]*\})?)/g)) {
        const argument = match[1]!.trim();
        calls += 1;
        // error-handler.ts looks Fastify's codes up in a map whose values are checked below.
        if (name.endsWith('error-handler.ts') && argument === 'known') continue;
        // A refusal carries a kind, checked where each is made (below).
        if (name === 'http-errors.ts' && argument === 'refusal.kind') continue;
        const kind = tableKind.exec(argument)?.[1];
        expect(kind && kind in errorTable, `${name}: sendError(reply, ${argument}`).toBe(true);
      }
    }
    expect(calls).toBeGreaterThan(20);
  });

  it("refuse a request with a kind from the table, when the route's schema does", () => {
    let refusals = 0;
    for (const { name, text } of sources) {
      for (const match of text.matchAll(/new RequestRefusal\(\s*([^,)]*)/g)) {
        refusals += 1;
        const kind = tableKind.exec(match[1]!.trim())?.[1];
        expect(kind && kind in errorTable, `${name}: new RequestRefusal(${match[1]}`).toBe(true);
      }
    }
    expect(refusals).toBeGreaterThan(2);
  });

  it('map Fastify’s own errors onto kinds of the table', () => {
    const handler = sources.find(({ name }) => name.endsWith('error-handler.ts'))!.text;
    const start = handler.indexOf('byFastifyCode');
    const map = handler.slice(
      handler.indexOf('{', handler.indexOf('=', start)),
      handler.indexOf('};', start),
    );
    // One `FST_ERR_…: <kind>,` per line.
    const values = [...map.matchAll(/^\s*[A-Z0-9_]+:\s*([^\n]+),$/gm)].map((m) => m[1]!.trim());
    expect(values.length).toBeGreaterThan(3);
    for (const value of values) {
      expect(tableKind.exec(value)?.[1] ?? value, value).toSatisfy(
        (name: string) => name in errorTable,
      );
    }
  });

  it('are built in one place: no other file writes an error body of its own', () => {
    for (const { name, text } of sources) {
      if (name === 'http-errors.ts') continue;
      expect(text, name).not.toMatch(/error:\s*\{\s*code\s*[:,]/);
    }
  });
});
