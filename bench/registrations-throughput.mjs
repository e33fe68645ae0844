// What a stored registration costs the server: POST /api/registrations on the built server
// (SQLite in WAL mode, synchronous=FULL: every 201 is on disk; and PostgreSQL, one instance:
// test/databases/temp-postgres.ts, a database of its own, dropped after; skipped without a server),
// and the same server with bodies that fill the form's honeypot ("unstored": the same parsing,
// validation and answer, nothing stored). The figure is the server process's own CPU time per
// registration (/proc/<pid>/stat: every thread of it, not the load generator's), stored against
// unstored on each engine: what storing adds to the request path (decision 0195). On two cores
// shared with the load generator, registrations per second measure the generator as much as the
// server: they are printed, beside a bare Node server parsing the same JSON
// (test/load/bare-json-server.mjs, the client's ceiling), with no goal. Other work on the machine
// comes and goes: the targets are measured in alternating slices (bare, ours, unstored, …), so
// that a burst of load elsewhere falls on all alike, and the load average is printed before and
// after. BASELINE=<another checkout, built> adds that checkout's server, on SQLite and on
// PostgreSQL, to the same slices: a before and after in one run. Loopback only; bounded. Run
// after `npm run build`:
//   npx tsx bench/registrations-throughput.mjs [seconds per target, 10] [connections, 50]
import { mkdtempSync, rmSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { slicedLoad, spawnServer, waitForHealth } from '#test/load/registration-load.mjs';
import { tempPostgres } from '#test/databases/temp-postgres.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const sliceSeconds = 2;
const rounds = Math.max(1, Math.round(seconds / sliceSeconds));
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

/** CPU milliseconds a process has used so far (user + system, from /proc; 0 where unreadable). */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

function target(name, port, extra, pid) {
  const sliced = slicedLoad(port, connections, (i) => body(name, i, extra));
  let cpuMs = 0;
  return {
    name,
    port,
    slices: sliced.slices,
    async load(durationMs, { record = true } = {}) {
      const cpuBefore = cpuMsOf(pid);
      await sliced.load(durationMs, { record });
      if (record) cpuMs += cpuMsOf(pid) - cpuBefore;
    },
    result() {
      const { created, perSecond, answers, latency } = sliced.totals();
      return {
        perSecond,
        cpuPerRegistration: created > 0 ? (cpuMs * 1000) / created : Number.NaN,
        statuses: answers,
        latency: `p50 ${latency(0.5)}, p95 ${latency(0.95)}, p99 ${latency(0.99)}, max ${latency(1)}`,
      };
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-'));
const barePort = 3900 + Math.floor(Math.random() * 30);
const ourPort = barePort + 30;
const postgresPort = barePort + 60;
const baselinePort = barePort + 90;
const baselinePostgresPort = barePort + 120;
const baseline = process.env.BASELINE ? resolve(process.env.BASELINE) : undefined;
const postgres = await tempPostgres();
const baselinePostgres = baseline && postgres ? await tempPostgres() : undefined;
const ourEnv = (port, databaseUrl) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  REGISTRATION_RATE_LIMIT: '0',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
const bare = spawnServer(['test/load/bare-json-server.mjs', String(barePort)], {});
const ours = spawnServer(
  ['dist/server/server.js'],
  ourEnv(ourPort, `file:${join(dir, 'bench.db')}`),
);
const servers = [bare, ours];
const onPostgres =
  postgres && spawnServer(['dist/server/server.js'], ourEnv(postgresPort, postgres.url));
if (onPostgres) servers.push(onPostgres);
const before =
  baseline &&
  spawnServer(
    ['dist/server/server.js'],
    ourEnv(baselinePort, `file:${join(dir, 'baseline.db')}`),
    baseline,
  );
if (before) servers.push(before);
const beforeOnPostgres =
  baselinePostgres &&
  spawnServer(
    ['dist/server/server.js'],
    ourEnv(baselinePostgresPort, baselinePostgres.url),
    baseline,
  );
if (beforeOnPostgres) servers.push(beforeOnPostgres);
const loadBefore = loadavg();
try {
  await waitForHealth(barePort);
  await waitForHealth(ourPort);
  if (onPostgres) await waitForHealth(postgresPort);
  if (before) await waitForHealth(baselinePort);
  if (beforeOnPostgres) await waitForHealth(baselinePostgresPort);
  const targets = [
    target('bare', barePort, {}, bare.pid),
    target('ours', ourPort, {}, ours.pid),
    target('unstored', ourPort, { website: 'x' }, ours.pid),
    ...(onPostgres
      ? [
          target('postgres', postgresPort, {}, onPostgres.pid),
          target('unstored-pg', postgresPort, { website: 'x' }, onPostgres.pid),
        ]
      : []),
    ...(before ? [target('before', baselinePort, {}, before.pid)] : []),
    ...(beforeOnPostgres
      ? [target('before-pg', baselinePostgresPort, {}, beforeOnPostgres.pid)]
      : []),
  ];
  console.log(
    `${connections} connections; ${rounds} slices of ${sliceSeconds} s per target, ` +
      `alternating, after ${warmupSeconds} s of warm-up each`,
  );
  for (const t of targets) await t.load(warmupSeconds * 1000, { record: false });
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) await t.load(sliceSeconds * 1000);
  }
  const results = Object.fromEntries(targets.map((t) => [t.name, { t, ...t.result() }]));
  for (const { t, perSecond, cpuPerRegistration, statuses, latency } of Object.values(results)) {
    console.log(
      `${t.name.padEnd(11)} ${perSecond.toFixed(0).padStart(6)} registrations/s, ` +
        `${cpuPerRegistration.toFixed(0).padStart(4)} µs of its server's CPU each ` +
        `(answers ${JSON.stringify(statuses)}; latency ms ${latency})`,
    );
  }
  // Each round's ratio from its own slices: how far the machine's load moved it.
  const spread = (a, b) => {
    const ratios = a.t.slices.map(
      (s, i) => s.created / s.seconds / (b.t.slices[i].created / b.t.slices[i].seconds),
    );
    return `rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
  };
  const ratio = (name, label) => {
    const r = results[name];
    if (!r) return;
    console.log(
      `ratio ${name} ÷ bare: ${(r.perSecond / results.bare.perSecond).toFixed(3)} ` +
        `(${spread(r, results.bare)}; ${label})`,
    );
  };
  // The figure (decision 0195): the server's own CPU per stored registration against the same
  // path storing nothing, on each engine.
  const storing = (stored, unstored, label) => {
    const a = results[stored];
    const b = results[unstored];
    if (!a || !b) return;
    const perStored = a.cpuPerRegistration;
    const perUnstored = b.cpuPerRegistration;
    console.log(
      `${label}: ${perStored.toFixed(0)} µs of the server's CPU per stored registration, ` +
        `${perUnstored.toFixed(0)} µs storing nothing: ×${(perStored / perUnstored).toFixed(2)} ` +
        `(storing adds ${(perStored - perUnstored).toFixed(0)} µs)`,
    );
  };
  storing('ours', 'unstored', 'SQLite (WAL, synchronous=FULL)');
  storing('postgres', 'unstored-pg', 'PostgreSQL (one instance)');
  if (!postgres)
    console.log('postgres: no PostgreSQL server answered (TEST_POSTGRES_URL), not measured');
  // Rates, for what they are: on a shared machine they measure the load generator too.
  ratio('ours', 'SQLite');
  ratio('unstored', 'SQLite, storing nothing');
  ratio('postgres', 'PostgreSQL, one instance');
  ratio('unstored-pg', 'PostgreSQL, storing nothing');
  ratio('before', `${baseline}, SQLite`);
  ratio('before-pg', `${baseline}, PostgreSQL`);
  const fmt = (l) => l.map((x) => x.toFixed(1)).join(', ');
  console.log(`load average before ${fmt(loadBefore)}, after ${fmt(loadavg())}`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await postgres?.drop();
  await baselinePostgres?.drop();
  rmSync(dir, { recursive: true, force: true });
}
