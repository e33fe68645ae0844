// Vitest's global setup for the deploy tests: builds the site's image from the repository, as
// docs/deploy.md says, with this machine's registry mirror and certificate authority (the build
// argument and the build secret the Containerfile takes). The stand-in base images must exist
// (deploy/test/run.sh builds them first).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { command, flags, podman } from './podman.ts';

/** The tag compose.yaml and compose.sqlite.yaml run. */
export const image = 'inscricoes';
/** The bundle this machine trusts, handed to the build as the secret `ca`. */
export const caBundle = '/etc/ssl/certs/ca-certificates.crt';

export default async function buildImage() {
  const registry = (await command('npm', ['config', 'get', 'registry'])).stdout.trim();
  const started = performance.now();
  const build = await podman(
    [
      'build',
      ...(await flags()).build,
      '--build-arg',
      `NPM_CONFIG_REGISTRY=${registry}`,
      '--secret',
      `id=ca,src=${caBundle}`,
      '-t',
      image,
      '.',
    ],
    { allowFailure: true },
  );
  const log = join(tmpdir(), 'inscricoes-image-build.log');
  writeFileSync(log, build.stdout + build.stderr);
  if (build.code !== 0)
    throw new Error(`podman build failed (${log}):\n${build.stderr.slice(-4000)}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`podman build: ${seconds} s (log: ${log})`);
}
