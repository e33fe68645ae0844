// `npm test`: the build (skipped when dist/ is newer than its sources, as `npm start` decides),
// then the whole Vitest suite, with lint and typecheck running beside them at a lower CPU priority;
// then how long it all took. Arguments go to Vitest (`npm test -- e2e/door.test.ts`).
//
// The tests need the build, lint and typecheck need nothing: the build and the tests get the CPU
// first, and lint and typecheck take what the tests leave idle while they wait on servers,
// browsers and databases (decision 0081). Their output is held and printed after Vitest's, so
// nothing interleaves. Exits with the first failing step's code (build, tests, lint, typecheck);
// the time line is printed last either way.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { buildIsCurrent } from './build-state.mjs';

const started = performance.now();

function seconds(ms) {
  const total = Math.round(ms / 1000);
  return total >= 60 ? `${Math.floor(total / 60)} min ${total % 60} s` : `${total} s`;
}

/**
 * Runs `npm run <script>` with its output held back, so parallel steps do not interleave.
 * `background`: at the lowest CPU priority (its own processes inherit it).
 */
function quietly(script, { background = false } = {}) {
  return new Promise((resolve) => {
    const stepStarted = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    if (background) {
      try {
        // Set before npm starts the tool, which inherits it.
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it runs at the normal priority, only slower for the tests.
      }
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) =>
      resolve({
        script,
        output,
        code: code ?? (signal ? 1 : 0),
        ms: performance.now() - stepStarted,
      }),
    );
  });
}

function print(step) {
  console.log(
    `\n> npm run ${step.script} (${step.ms === undefined ? 'skipped' : seconds(step.ms)})`,
  );
  if (step.output.trim()) process.stdout.write(step.output);
}

function finish(code, detail) {
  console.log(`\nnpm test: ${seconds(performance.now() - started)} in all (${detail})`);
  process.exit(code);
}

const beside = ['lint', 'typecheck'].map((script) => quietly(script, { background: true }));
// A current build is the one `npm start` would serve: building it again costs a minute of the two
// cores and changes nothing the tests see.
const build = buildIsCurrent()
  ? { script: 'build', output: 'dist/ is newer than its sources: not built again.\n', code: 0 }
  : await quietly('build');
print(build);

let tests;
if (build.code === 0) {
  const testsStarted = performance.now();
  const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
  tests = await new Promise((resolve) =>
    vitest.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), ms: performance.now() - testsStarted }),
    ),
  );
}
const checks = await Promise.all(beside);
for (const step of checks) print(step);

const steps = [
  { name: 'npm run build', code: build.code },
  ...(tests ? [{ name: 'the tests', code: tests.code }] : []),
  ...checks.map((step) => ({ name: `npm run ${step.script}`, code: step.code })),
];
const failed = steps.find((step) => step.code !== 0);
const timings = [
  build.ms === undefined ? 'build skipped' : `build ${seconds(build.ms)}`,
  ...(tests ? [`tests ${seconds(tests.ms)}`] : []),
  ...checks.map((step) => `${step.script} ${seconds(step.ms)}`),
].join('; ');
finish(failed?.code ?? 0, failed ? `${failed.name} failed; ${timings}` : timings);
