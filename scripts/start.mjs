// `npm start`: builds when there is no build or the sources changed since (a fresh clone, a
// `git pull`), then serves the built site and the API.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * The packages the site names in package.json whose installed version is not the one
 * package-lock.json gives (a `git pull` without `npm install`): [pt-BR, English] descriptions.
 * The build's own packages count only when there is something to build (a production install
 * may leave them out). Nothing when there is no lock to compare with.
 */
function packagesOutOfStep(building) {
  const lockFile = join(root, 'package-lock.json');
  if (!existsSync(lockFile)) return [];
  let site;
  let lock;
  try {
    site = readJson(join(root, 'package.json'));
    lock = readJson(lockFile);
  } catch {
    return [];
  }
  const names = Object.keys({
    ...site.dependencies,
    ...(building ? site.devDependencies : {}),
  }).sort();
  const found = [];
  for (const name of names) {
    const wanted = lock.packages?.[`node_modules/${name}`]?.version;
    if (!wanted) continue;
    const manifest = join(root, 'node_modules', name, 'package.json');
    let installed;
    try {
      installed = readJson(manifest).version;
    } catch {
      installed = undefined;
    }
    if (installed === wanted) continue;
    found.push(
      installed
        ? [`${name} ${installed} em vez de ${wanted}`, `${name} ${installed} instead of ${wanted}`]
        : [`falta ${name}`, `${name} missing`],
    );
  }
  return found;
}

const building = !buildIsCurrent();
const outOfStep = packagesOutOfStep(building);
if (outOfStep.length > 0) {
  const pt = outOfStep.map(([each]) => each).join('; ');
  const en = outOfStep.map(([, each]) => each).join('; ');
  console.error(
    `Os pacotes instalados não são os do package-lock.json (${pt}): rode npm install e depois ` +
      `npm start. / The installed packages are not those package-lock.json names (${en}): run ` +
      `npm install, then npm start.`,
  );
  process.exit(1);
}
if (building) {
  console.log('Compilando o site (npm run build)… / Building the site…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/server/server.js');
