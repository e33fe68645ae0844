// podman and podman-compose as the deploy tests run them: with this machine's flags (read from
// podman-here.sh, the one place they are set), output kept for the failure message.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command; fails with its output unless it exits 0 (or `allowFailure`). */
export function command(
  file: string,
  args: string[],
  { cwd = repoRoot, allowFailure = false } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      if (code !== 0 && !allowFailure) {
        reject(new Error(`${file} ${args.join(' ')}: exit ${code}\n${stdout}\n${stderr}`));
      } else resolve({ code, stdout, stderr });
    });
  });
}

interface HereFlags {
  /** Before any podman subcommand (the runtime). */
  global: string[];
  /** For `podman run` (limits). */
  run: string[];
  /** For `podman build`. */
  build: string[];
}

let hereFlags: Promise<HereFlags> | undefined;

/** This machine's podman flags, as deploy/test/podman-here.sh sets them for the shell scripts. */
export function flags(): Promise<HereFlags> {
  hereFlags ??= command('bash', [
    '-c',
    `source deploy/test/podman-here.sh
     for list in "\${podman_global_flags[*]}" "\${podman_run_flags[*]}" "\${podman_build_flags[*]}"; do
       echo "$list"; done`,
  ]).then(({ stdout }) => {
    const [global = '', run = '', build = ''] = stdout.split('\n');
    const words = (line: string) => line.split(' ').filter(Boolean);
    return { global: words(global), run: words(run), build: words(build) };
  });
  return hereFlags;
}

export async function podman(args: string[], options: { allowFailure?: boolean } = {}) {
  return command('podman', [...(await flags()).global, ...args], options);
}

/** `podman run -d` with this machine's limits; the container's name. */
export async function runDetached(name: string, args: string[]): Promise<string> {
  await podman(['run', '-d', '--name', name, ...(await flags()).run, ...args]);
  return name;
}

/** The container's log (stdout and stderr, as `docker logs` shows it). */
export async function logsOf(container: string): Promise<string> {
  const { stdout, stderr } = await podman(['logs', container]);
  return stdout + stderr;
}

/** Removes containers, then volumes, ignoring the ones already gone. */
export async function removeAll({
  containers = [],
  volumes = [],
}: {
  containers?: string[];
  volumes?: string[];
}) {
  for (const name of containers) await podman(['rm', '-f', '-v', name], { allowFailure: true });
  for (const name of volumes) await podman(['volume', 'rm', '-f', name], { allowFailure: true });
}

/**
 * A compose project as an operator has it: the compose file(s) and the deploy/ files they mount,
 * copied from the repository into a folder of its own with the operator's .env beside them
 * (podman-compose reads .env from the compose file's real folder), run by podman-compose.
 */
export class ComposeStack {
  readonly dir: string;

  constructor(
    readonly project: string,
    private readonly files: string[],
    env: Record<string, string>,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), `${project}-`));
    mkdirSync(join(this.dir, 'deploy'));
    for (const file of [...files, 'deploy/Caddyfile', 'deploy/backup.sh']) {
      copyFileSync(join(repoRoot, file), join(this.dir, file));
    }
    const lines = Object.entries(env).map(([name, value]) => `${name}=${value}`);
    writeFileSync(join(this.dir, '.env'), `${lines.join('\n')}\n`);
  }

  /** `podman-compose <args>` on this project, with `extra` compose files after the stack's own. */
  async compose(args: string[], extra: string[] = []): Promise<Result> {
    const { global, run } = await flags();
    const files = [...this.files, ...extra].flatMap((file) => ['-f', file]);
    return command(
      'podman-compose',
      [
        '-p',
        this.project,
        ...files,
        `--podman-args=${global.join(' ')}`,
        `--podman-run-args=${run.join(' ')}`,
        ...args,
      ],
      { cwd: this.dir },
    );
  }

  /** Writes a compose file beside the stack's own (an override). */
  writeFile(name: string, text: string) {
    writeFileSync(join(this.dir, name), text);
  }

  container(service: string, replica = 1): string {
    return `${this.project}_${service}_${replica}`;
  }

  /** Everything the stack made: containers, their volumes (named and anonymous), its network. */
  async remove() {
    const { stdout } = await podman([
      'ps',
      '-a',
      '--filter',
      `label=io.podman.compose.project=${this.project}`,
      '--format',
      '{{.Names}}',
    ]);
    const containers = stdout.split('\n').filter(Boolean);
    const volumes = new Set<string>();
    for (const name of containers) {
      const mounts = await podman([
        'inspect',
        name,
        '--format',
        '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}',
      ]);
      for (const volume of mounts.stdout.split(/\s+/).filter(Boolean)) volumes.add(volume);
    }
    const labelled = await podman([
      'volume',
      'ls',
      '--filter',
      `label=io.podman.compose.project=${this.project}`,
      '--format',
      '{{.Name}}',
    ]);
    for (const volume of labelled.stdout.split('\n').filter(Boolean)) volumes.add(volume);
    await removeAll({ containers, volumes: [...volumes] });
    await podman(['network', 'rm', '-f', `${this.project}_default`], { allowFailure: true });
    rmSync(this.dir, { recursive: true, force: true });
  }
}
