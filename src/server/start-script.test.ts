// `npm start` (scripts/start.mjs) after a `git pull` whose `npm install` was forgotten: the
// installed packages are not the ones package-lock.json names, and it says so on one line,
// instead of building with them or serving a build that cannot load one (a stack trace,
// ERR_MODULE_NOT_FOUND). The real script, run in a copy of the site's layout.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const scripts = fileURLToPath(new URL('../../scripts/', import.meta.url));
const sitePackage = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { scripts: { build: string } };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function write(root: string, path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/**
 * A site whose lock names `wanted` (package → version) and whose node_modules holds `installed`,
 * with a current build whose server imports each package and says `served`.
 */
function site(wanted: Record<string, string>, installed: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'inscricoes-start-script-'));
  dirs.push(root);
  for (const file of ['start.mjs', 'build-state.mjs']) {
    cpSync(join(scripts, file), join(root, 'scripts', file));
  }
  const dependencies = Object.fromEntries(Object.keys(wanted).map((name) => [name, '*']));
  write(root, 'package.json', JSON.stringify({ name: 'site', type: 'module', dependencies }));
  const packages: Record<string, unknown> = { '': { name: 'site', dependencies } };
  for (const [name, version] of Object.entries(wanted)) {
    packages[`node_modules/${name}`] = { version };
  }
  write(root, 'package-lock.json', JSON.stringify({ name: 'site', lockfileVersion: 3, packages }));
  for (const [name, version] of Object.entries(installed)) {
    write(
      root,
      `node_modules/${name}/package.json`,
      JSON.stringify({ name, version, type: 'module', main: 'index.js' }),
    );
    write(root, `node_modules/${name}/index.js`, 'export default 1;\n');
  }
  write(root, 'src/server/server.ts', '');
  const imports = Object.keys(wanted).map((name) => `import '${name}';\n`);
  write(root, 'dist/server/server.js', `${imports.join('')}console.log('served');\n`);
  write(root, 'dist/web/index.html', '<!doctype html>');
  write(root, 'dist/build-complete', 'built\n');
  // The build is newer than every source: nothing to build.
  const past = new Date(Date.now() - 60_000);
  for (const path of ['src/server/server.ts', 'src', 'package.json', 'package-lock.json']) {
    utimesSync(join(root, path), past, past);
  }
  return root;
}

function start(root: string) {
  const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm start with the packages package-lock.json names', () => {
  it('serves', () => {
    const result = start(site({ 'left-pad': '1.3.0' }, { 'left-pad': '1.3.0' }));
    expect(result).toMatchObject({ code: 0, stdout: 'served\n', stderr: '' });
  });
});

describe('npm start after a pull without npm install', () => {
  it.each([
    ['with the build current', false],
    ['with the lock newer than the build (nothing built)', true],
  ])('%s, names the missing and changed packages and says to run npm install', (_, pulled) => {
    const root = site(
      { 'left-pad': '1.3.0', '@scope/new-one': '2.0.0', 'right-pad': '1.1.0' },
      { 'left-pad': '1.2.0', 'right-pad': '1.1.0' },
    );
    if (pulled) utimesSync(join(root, 'package-lock.json'), new Date(), new Date());
    const result = start(root);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).not.toContain('served');
    expect(result.stdout).not.toContain('Compilando');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr.trim()).toBe(
      'Os pacotes instalados não são os do package-lock.json (falta @scope/new-one; left-pad ' +
        '1.2.0 em vez de 1.3.0): rode npm install e depois npm start. / The installed packages ' +
        'are not those package-lock.json names (@scope/new-one missing; left-pad 1.2.0 instead ' +
        'of 1.3.0): run npm install, then npm start.',
    );
  });
});

/**
 * A stand-in for a build tool in node_modules/.bin: writes `outputs` (path → text) as the real
 * one would, then exits with `code`.
 */
function tool(root: string, name: string, outputs: Record<string, string>, code: number) {
  const writes = Object.entries(outputs).map(
    ([path, text]) =>
      `fs.mkdirSync(path.dirname(${JSON.stringify(path)}), { recursive: true }); ` +
      `fs.writeFileSync(${JSON.stringify(path)}, ${JSON.stringify(text)});`,
  );
  write(
    root,
    `node_modules/.bin/${name}`,
    `#!${process.execPath}\nconst fs = require('node:fs'); const path = require('node:path');\n` +
      `${writes.join('\n')}\nprocess.exit(${code});\n`,
  );
  chmodSync(join(root, `node_modules/.bin/${name}`), 0o755);
}

/** The site with the real build script, whose tsc step writes the server and fails, as tsc does. */
function siteWhoseTscFails(): string {
  const root = site({}, {});
  write(
    root,
    'package.json',
    JSON.stringify({ name: 'site', type: 'module', scripts: { build: sitePackage.scripts.build } }),
  );
  cpSync(join(scripts, 'build-state.mjs'), join(root, 'scripts', 'build-state.mjs'));
  tool(root, 'vite', { 'dist/web/index.html': '<!doctype html>' }, 0);
  // tsc emits what it compiled even when it finds a type error, then exits 2.
  tool(root, 'tsc', { 'dist/server/server.js': "console.log('served');\n" }, 2);
  return root;
}

describe('a build whose tsc step failed', () => {
  it('leaves no marker, and npm start builds again and does not serve it', () => {
    const root = siteWhoseTscFails();
    // A source edited since the last build that succeeded.
    writeFileSync(join(root, 'src/server/server.ts'), 'const broken: number = "text";\n');

    const first = start(root);
    expect(first.stdout).toContain('Compilando o site');
    expect(first.code).not.toBe(0);
    expect(first.stdout).not.toContain('served');
    expect(existsSync(join(root, 'dist/build-complete'))).toBe(false);
    // What tsc wrote is there, newer than every source: only the marker tells it failed.
    expect(existsSync(join(root, 'dist/server/server.js'))).toBe(true);

    const again = start(root);
    expect(again.stdout).toContain('Compilando o site');
    expect(again.code).not.toBe(0);
    expect(again.stdout).not.toContain('served');
  });

  it('is served once every step succeeds', () => {
    const root = siteWhoseTscFails();
    writeFileSync(join(root, 'src/server/server.ts'), 'export {};\n');
    tool(root, 'tsc', { 'dist/server/server.js': "console.log('served');\n" }, 0);
    const result = start(root);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('served');
    expect(existsSync(join(root, 'dist/build-complete'))).toBe(true);
    expect(start(root)).toMatchObject({ code: 0, stdout: 'served\n' });
  });
});
