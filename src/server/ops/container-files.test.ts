// The container files that `npm run test:deploy` (deploy/test/) runs for real, checked here too,
// in every `npm test`, for what would break them without a build: docker reads Dockerfile and
// podman Containerfile, so the two must not drift apart; compose.yaml runs deploy/backup.sh
// straight from the checkout, so it must stay executable.
import { accessSync, constants, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(root + file, 'utf8');

describe('container files', () => {
  it('Dockerfile is the Containerfile, byte for byte', () => {
    expect(read('Dockerfile')).toBe(read('Containerfile'));
  });

  it('the backup script compose.yaml mounts is executable', () => {
    expect(read('compose.yaml')).toContain('./deploy/backup.sh:/usr/local/bin/inscricoes-backup');
    expect(() => accessSync(root + 'deploy/backup.sh', constants.X_OK)).not.toThrow();
  });
});
