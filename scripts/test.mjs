// `npm test`: lint, typecheck and build side by side (each is mostly one core; the tests need
// the build), then the whole Vitest suite, then how long it all took. Arguments go to Vitest
// (`npm test -- e2e/door.test.ts`). Exits with the first failing step's code; the time line is
// printed either way, right after the step's own output (Vitest's summary, when it ran).
import { spawn } from 'node:child_process';

const started = performance.now();

function seconds(ms) {
  const total = Math.round(ms / 1000);
  return total >= 60 ? `${Math.floor(total / 60)} min ${total % 60} s` : `${total} s`;
}

/** Runs `npm run <script>` with its output held back, so parallel steps do not interleave. */
function quietly(script) {
  return new Promise((resolve) => {
    const stepStarted = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
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

function finish(code, detail) {
  console.log(`\nnpm test: ${seconds(performance.now() - started)} in all (${detail})`);
  process.exit(code);
}

const checks = await Promise.all(['lint', 'typecheck', 'build'].map(quietly));
for (const step of checks) {
  console.log(`\n> npm run ${step.script} (${seconds(step.ms)})`);
  if (step.output.trim()) process.stdout.write(step.output);
}
const failed = checks.find((step) => step.code !== 0);
const checksMs = performance.now() - started;
if (failed) finish(failed.code, `npm run ${failed.script} failed`);

const testsStarted = performance.now();
const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
vitest.on('close', (code, signal) =>
  finish(
    code ?? (signal ? 1 : 0),
    `lint, typecheck and build ${seconds(checksMs)}; tests ${seconds(performance.now() - testsStarted)}`,
  ),
);
