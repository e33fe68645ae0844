// Registrations per second of POST /api/registrations with automatic admission and its capacity
// check (each registration confirmed on arrival with the seats held, decision 0130) against the
// approval mode (the spec's flow: stored pending), on the built server, on SQLite (WAL,
// synchronous=FULL) and on PostgreSQL (one instance; skipped without a server), in one run. The
// automatic servers have 1,000,000 seats, so every registration takes one: the check and the
// confirmation are both paid. Measured in alternating slices (approval, automatic, …, per engine)
// so that other work on the machine falls on all alike; the ratios are what to compare.
// Run after `npm run build`:
//   node bench/seats-admission.mjs [seconds per target, 10] [connections, 50]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postRegistration, spawnServer, waitForHealth } from './support/registration-load.mjs';
import { tempPostgres } from './support/temp-postgres.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const sliceSeconds = 2;
const rounds = Math.max(1, Math.round(seconds / sliceSeconds));
const warmupSeconds = 2;

function body(run, i) {
  return JSON.stringify({
    nome_completo: `Pessoa ${i} Conceição`,
    whatsapp: '+55 11 98765-4321',
    email: `${run}.${i}@bench.example`,
    nome_compania: 'Construtora Bench Ltda.',
    levar_alguem: 'nao',
    confirmacao: 'ok',
  });
}

/** Our server as the bench runs it: no rate limit, quiet logs, React's production build. */
const serverEnv = {
  HOST: '127.0.0.1',
  REGISTRATION_RATE_LIMIT: '0',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};

function target(name, port) {
  let sent = 0;
  const latencies = [];
  const answers = new Map();
  const slices = [];
  return {
    name,
    port,
    slices,
    async load(durationMs, { record = true } = {}) {
      const agent = new Agent({ keepAlive: true, maxSockets: connections });
      const started = performance.now();
      const until = started + durationMs;
      let created = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (performance.now() < until) {
            const t0 = performance.now();
            const { code, status } = await postRegistration(agent, port, body(name, sent++), {
              readStatus: true,
            });
            if (!record) continue;
            latencies.push(performance.now() - t0);
            const key = `${code}${status ? ` ${status}` : ''}`;
            answers.set(key, (answers.get(key) ?? 0) + 1);
            if (code === 201) created += 1;
          }
        }),
      );
      agent.destroy();
      if (record) slices.push({ created, seconds: (performance.now() - started) / 1000 });
    },
    result() {
      const created = slices.reduce((sum, s) => sum + s.created, 0);
      const elapsed = slices.reduce((sum, s) => sum + s.seconds, 0);
      latencies.sort((a, b) => a - b);
      const pct = (p) =>
        latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
      return {
        perSecond: created / elapsed,
        answers: Object.fromEntries(answers),
        latency: `p50 ${pct(0.5)}, p95 ${pct(0.95)}, max ${pct(1)}`,
      };
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-seats-'));
const eventFile = (admission, capacity) => {
  const file = join(dir, `${admission}.json`);
  writeFileSync(file, JSON.stringify({ admission, capacity }));
  return file;
};
const modes = {
  approval: eventFile('approval', null),
  automatic: eventFile('automatic', 1_000_000),
};
const base = 4000 + Math.floor(Math.random() * 40) * 5;
const postgres = [await tempPostgres(), await tempPostgres()];
const plan = [
  { name: 'sqlite-approval', port: base, db: `file:${join(dir, 'approval.db')}`, mode: 'approval' },
  {
    name: 'sqlite-automatic',
    port: base + 1,
    db: `file:${join(dir, 'automatic.db')}`,
    mode: 'automatic',
  },
  ...(postgres[0] && postgres[1]
    ? [
        { name: 'pg-approval', port: base + 2, db: postgres[0].url, mode: 'approval' },
        { name: 'pg-automatic', port: base + 3, db: postgres[1].url, mode: 'automatic' },
      ]
    : []),
];
const servers = plan.map((p) =>
  spawnServer(['dist/server/server.js'], {
    ...serverEnv,
    PORT: String(p.port),
    DATABASE_URL: p.db,
    EVENT_CONFIG: modes[p.mode],
  }),
);
try {
  for (const p of plan) await waitForHealth(p.port);
  const targets = plan.map((p) => target(p.name, p.port));
  console.log(
    `${connections} connections; ${rounds} slices of ${sliceSeconds} s per target, ` +
      `alternating, after ${warmupSeconds} s of warm-up each`,
  );
  for (const t of targets) await t.load(warmupSeconds * 1000, { record: false });
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) await t.load(sliceSeconds * 1000);
  }
  const results = targets.map((t) => ({ t, ...t.result() }));
  for (const { t, perSecond, answers, latency } of results) {
    console.log(
      `${t.name.padEnd(17)} ${perSecond.toFixed(0).padStart(6)} registrations/s ` +
        `(answers ${JSON.stringify(answers)}; latency ms ${latency})`,
    );
  }
  for (const engine of ['sqlite', 'pg']) {
    const approval = results.find((r) => r.t.name === `${engine}-approval`);
    const automatic = results.find((r) => r.t.name === `${engine}-automatic`);
    if (!approval || !automatic) continue;
    const ratios = automatic.t.slices.map(
      (s, i) =>
        s.created / s.seconds / (approval.t.slices[i].created / approval.t.slices[i].seconds),
    );
    console.log(
      `${engine}: automatic ÷ approval ${(automatic.perSecond / approval.perSecond).toFixed(3)} ` +
        `(rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
  if (!postgres[0]) console.log('PostgreSQL: no server answered (TEST_POSTGRES_URL), not measured');
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all(postgres.map((p) => p?.drop()));
  rmSync(dir, { recursive: true, force: true });
}
