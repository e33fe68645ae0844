// Registrations per second and latency of POST /api/registrations on the built server, with
// SQLite in WAL mode and synchronous=FULL (every 201 is on disk). Loopback only; bounded.
// Run after `npm run build`: node bench/registrations-throughput.mjs [total] [concurrency]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 32);
const port = 3900 + Math.floor(Math.random() * 90);
const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-'));
const url = `http://127.0.0.1:${port}`;

const server = spawn('node', ['dist/server/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(dir, 'bench.db')}`,
    REGISTRATION_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function body(i) {
  return JSON.stringify({
    nome_completo: `Pessoa ${i}`,
    whatsapp: '+15085551234',
    email: `pessoa${i}@bench.example`,
    nome_compania: 'Construtora Bench',
    levar_alguem: 'nao',
    confirmacao: 'ok',
  });
}

try {
  await waitForHealth();
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const res = await fetch(`${url}/api/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body(i),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 201) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  console.log(`registrations: ${total} with ${concurrency} in flight, ${failures} not 201`);
  console.log(`throughput: ${(total / seconds).toFixed(0)} registrations/s`);
  console.log(`latency ms: p50 ${pct(0.5)}, p95 ${pct(0.95)}, p99 ${pct(0.99)}, max ${pct(1)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
