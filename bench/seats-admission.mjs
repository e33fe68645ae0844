// Registrations per second of POST /api/registrations with automatic admission and its capacity
// check (each registration confirmed on arrival with the seats held, decision 0130) against the
// approval mode (the spec's flow: stored pending), on the built server, on SQLite (WAL,
// synchronous=FULL) and on PostgreSQL (one instance; skipped without a server), in one run. The
// automatic servers have 1,000,000 seats, so every registration takes one: the check and the
// confirmation are both paid. Measured in alternating slices (approval, automatic, …, per engine)
// so that other work on the machine falls on all alike; the ratios are what to compare.
// Run after `npm run build`:
//   npx tsx bench/seats-admission.mjs [seconds per target, 10] [connections, 50]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slicedLoad, spawnServer, waitForHealth } from '#test/load/registration-load.mjs';
import { tempPostgres } from '#test/databases/temp-postgres.ts';

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
  const sliced = slicedLoad(port, connections, (i) => body(name, i), { readStatus: true });
  return {
    name,
    port,
    slices: sliced.slices,
    load: sliced.load,
    result() {
      const { perSecond, answers, latency } = sliced.totals();
      return {
        perSecond,
        answers,
        latency: `p50 ${latency(0.5)}, p95 ${latency(0.95)}, max ${latency(1)}`,
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
