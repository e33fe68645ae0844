// Registrations per second of POST /api/registrations on the built server (SQLite in WAL mode,
// synchronous=FULL: every 201 is on disk), beside a bare Node server parsing the same JSON
// (bench/support/bare-json-server.mjs), with the same client and connections, in one run; and
// the ratio, which PRODUCT.md wants at 0.5 or more. Then the same server with bodies that fill
// the form's honeypot: the same parsing, validation and answer, nothing stored (what our request
// path costs without the database). The machine's load moves every figure: compare the ratios,
// and rerun when the machine is quieter. Loopback only; bounded.
// Run after `npm run build`:
//   node bench/registrations-throughput.mjs [seconds per side, 8] [connections, 50]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 50);
const warmupSeconds = 2;

function body(run, i, extra) {
  return JSON.stringify({
    nome_completo: `Pessoa ${i} Conceição`,
    whatsapp: '+55 11 98765-4321',
    email: `${run}.${i}@bench.example`,
    nome_compania: 'Construtora Bench Ltda.',
    levar_alguem: 'nao',
    confirmacao: 'ok',
    ...extra,
  });
}

function post(agent, port, payload) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/registrations',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForHealth(port) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on port ${port} did not start`);
}

/** `connections` keep-alive connections, each sending the next body as soon as it has an answer. */
async function load(port, run, durationMs, extra) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const status = await post(agent, port, body(run, next++, extra));
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  return {
    perSecond: (statuses.get(201) ?? 0) / elapsed,
    statuses: Object.fromEntries(statuses),
    latency: `p50 ${pct(0.5)}, p95 ${pct(0.95)}, p99 ${pct(0.99)}, max ${pct(1)}`,
  };
}

function spawnServer(args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function measure(name, start, extra) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = start(port);
  try {
    await waitForHealth(port);
    await load(port, `${name}-warmup`, warmupSeconds * 1000, extra);
    const result = await load(port, name, seconds * 1000, extra);
    console.log(
      `${name.padEnd(8)} ${result.perSecond.toFixed(0).padStart(6)} registrations/s ` +
        `(answers ${JSON.stringify(result.statuses)}; latency ms ${result.latency})`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-'));
try {
  console.log(`${connections} connections, ${seconds} s each after ${warmupSeconds} s of warm-up`);
  const bare = await measure('bare', (port) =>
    spawnServer(['bench/support/bare-json-server.mjs', String(port)], {}),
  );
  const ourServer = (file) => (port) =>
    spawnServer(['dist/server/server.js'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, file)}`,
      REGISTRATION_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
  const ours = await measure('ours', ourServer('bench.db'));
  const unstored = await measure('unstored', ourServer('unstored.db'), { website: 'x' });
  console.log(
    `ratio ours ÷ bare: ${(ours.perSecond / bare.perSecond).toFixed(3)} ` +
      `(SQLite WAL, synchronous=FULL; goal ≥ 0.5)`,
  );
  console.log(
    `ratio unstored ÷ bare: ${(unstored.perSecond / bare.perSecond).toFixed(3)} ` +
      `(our request path with nothing stored: the most the database could leave us)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
