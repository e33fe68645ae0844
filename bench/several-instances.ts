// Several instances: a change's delay to every open panel (20 panels, through nginx) and
// registrations per second with those 20 panels open, on SQLite with one instance and on
// PostgreSQL with one and with three (real server processes behind a real nginx, as in
// src/server/cluster.test.ts): sent through nginx, and spread by the client itself over the
// instances (round-robin, no proxy); then 3 instances ÷ 1 both ways. The two PostgreSQL setups
// run side by side and their slices of registrations alternate (as in registrations-throughput.mjs),
// so that other work on the machine falls on both alike, after a warm-up that is not counted.
// After each run every panel must have every change (missed otherwise). PostgreSQL commits durably, as in production
// (synchronous_commit on; the test suite's databases turn it off). While registrations are sent,
// the CPU time of every process is read from /proc: the load generator (this process: the
// requests and the 20 panels' readers), nginx, the server processes, PostgreSQL's backends of
// the database. That says where the cores went, and what more cores would give (decision 0127).
// A measurement, not a test: it prints figures. The machine's load moves them: compare the
// ratios of one run. Bounded (about four minutes). Needs PostgreSQL on 127.0.0.1:5432
// (TEST_POSTGRES_URL) and /usr/sbin/nginx.
// BENCH_CPUS=<taskset's CPU list, such as 0> keeps every process measured on those CPUs (this one
// and what it starts, and PostgreSQL's backends of its databases before each slice): run once with
// and once without, and the two say what one more core gives each setup, measured.
// Run: npx tsx bench/several-instances.ts [registrations] [changes]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinToCpus } from '#test/load/process-cpu.ts';
import { tempPostgres } from '#test/databases/temp-postgres.ts';
import { instancesBench, type Figures, type Running, type Way } from './lib/instances.ts';

const registrations = Number(process.argv[2] ?? 1500);
/**
 * Sent first to each setup and not counted, half through nginx and half straight to the
 * instances: every server process runs its code optimized, as a server that has been up a while
 * does. V8 optimizes a function after many calls, and each of three instances gets a third of the
 * requests: measured in slices of 1,000 and 2,000, one instance reaches its steady rate after
 * about 4,000 registrations and three after about 14,000 (600, the earlier warm-up, measured three
 * instances at 0.6 of their steady rate and one at 0.8; decision 0156).
 */
const warmUp = Number(process.env.BENCH_WARMUP ?? 16_000);
/** The registrations of each way are sent in this many slices, alternating between setups. */
const rounds = 4;
const changes = Number(process.argv[3] ?? 40);
const panelCount = 20;
const concurrency = 32;
const pinnedCpus = process.env.BENCH_CPUS;
// Before anything starts: the servers and nginx are this process's children and inherit it.
if (pinnedCpus) pinToCpus(pinnedCpus, [process.pid]);

const deadline = setTimeout(() => {
  console.error('several-instances bench: over 8 minutes, giving up');
  process.exit(1);
}, 480_000);

const { open, measureTogether, roundRatios } = instancesBench({
  registrations,
  warmUp,
  rounds,
  changes,
  panelCount,
  concurrency,
  pinnedCpus,
});

const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-instances-'));
const figures: Figures[] = [];
const databases: Array<{ drop(): Promise<void> }> = [];
const running: Running[] = [];
let spreads: Record<Way, string> | undefined;
try {
  const sqlite = await open('SQLite, 1 instance', `file:${join(dir, 'bench.db')}`, 1);
  running.push(sqlite);
  figures.push(...(await measureTogether([sqlite])));
  await sqlite.close();
  running.pop();
  // Both PostgreSQL setups run side by side, their slices alternating.
  const postgres: Running[] = [];
  for (const instances of [1, 3]) {
    const database = await tempPostgres();
    if (!database) throw new Error('no PostgreSQL server answered (TEST_POSTGRES_URL)');
    databases.push(database);
    const setup = `PostgreSQL, ${instances} instance${instances > 1 ? 's' : ''}`;
    postgres.push(await open(setup, database.url, instances));
    running.push(postgres.at(-1)!);
  }
  figures.push(...(await measureTogether(postgres)));
  spreads = {
    proxy: roundRatios(postgres[1]!, postgres[0]!, 'proxy'),
    spread: roundRatios(postgres[1]!, postgres[0]!, 'spread'),
  };
} finally {
  for (const r of running) await r.close();
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
  clearTimeout(deadline);
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const cores = availableParallelism();
console.log(
  `\nseveral instances: ${panelCount} panels open through nginx; ${changes} changes one at a time ` +
    `(delay from sending the registration to its arrival on each panel), then ` +
    `${warmUp} registrations sent to warm the servers up, not counted, then ` +
    `${registrations} registrations with ${concurrency} in flight sent through nginx, and as many ` +
    `spread over the instances by the client, in ${rounds} slices each (the PostgreSQL setups' ` +
    `slices alternating); missed: panel deliveries absent at the end. ` +
    `${cores} cores${pinnedCpus ? ` (every process measured kept on CPUs ${pinnedCpus})` : ''}; load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
);
console.log(
  '| setup | change → panel p50 | p95 | max | missed | registrations/s through nginx | spread by the client | missed under load |\n|---|---|---|---|---|---|---|---|',
);
for (const f of figures) {
  console.log(
    `| ${f.setup} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} | ${f.missed} of ${changes * panelCount} | ` +
      `${f.throughProxy.perSecond.toFixed(0)} | ${f.spreadByClient.perSecond.toFixed(0)} | ${f.missedUnderLoad} |`,
  );
}
const cpuMs = (value: number | undefined) => (value ?? 0).toFixed(2);
console.log(
  `\nCPU ms per registration while they were sent (/proc; load generator: this process, its ` +
    `requests and the ${panelCount} panels' readers), and the cores those processes kept busy ` +
    `(of ${cores})\n| setup | sent | load generator | nginx | server processes | PostgreSQL backends | total | cores busy |\n|---|---|---|---|---|---|---|---|`,
);
for (const f of figures) {
  for (const [way, t] of [
    ['through nginx', f.throughProxy],
    ['spread by the client', f.spreadByClient],
  ] as const) {
    const c = t.cpu.perRegistration;
    console.log(
      `| ${f.setup} | ${way} | ${cpuMs(c.client)} | ${way === 'through nginx' ? cpuMs(c.nginx) : '–'} | ` +
        `${cpuMs(c.server)} | ${cpuMs(c.postgres)} | ${cpuMs(c.total)} | ${t.cpu.cores.toFixed(2)} |`,
    );
  }
}
const [, one, three] = figures;
if (one && three) {
  const proxied = three.throughProxy.perSecond / one.throughProxy.perSecond;
  const spread = three.spreadByClient.perSecond / one.spreadByClient.perSecond;
  console.log(
    `PostgreSQL, 3 instances ÷ 1 in registrations/s: ${proxied.toFixed(2)}× through nginx ` +
      `(${spreads?.proxy}), ${spread.toFixed(2)}× spread by the client (${spreads?.spread}): ` +
      `on cores shared with the load generator, no goal (decision 0195); ` +
      `p95 goal ≤ 100 ms with 0 missed: ${three.p95 <= 100 && three.missed === 0 && three.missedUnderLoad === 0 ? 'yes' : 'NO'}`,
  );
  // The figure (decision 0195): what three instances cost per registration against one.
  for (const [way, pick] of [
    ['through nginx', (f: Figures) => f.throughProxy],
    ['spread by the client', (f: Figures) => f.spreadByClient],
  ] as const) {
    const [c1, c3] = [one, three].map((f) => pick(f).cpu.perRegistration);
    const versus = (name: string) =>
      `${cpuMs(c1![name])} → ${cpuMs(c3![name])} ms (×${((c3![name] ?? 0) / (c1![name] ?? 1)).toFixed(2)})`;
    console.log(
      `PostgreSQL, CPU per registration ${way}, 1 instance → 3: server processes ${versus('server')}, ` +
        `PostgreSQL backends ${versus('postgres')}, every process measured ${versus('total')}`,
    );
  }
  // What bounds each setup: every process measured shares these cores, and one server process
  // runs on one core at most. With cores to spare, the bound is the server processes'.
  for (const [way, pick] of [
    ['through nginx', (f: Figures) => f.throughProxy],
    ['spread by the client', (f: Figures) => f.spreadByClient],
  ] as const) {
    const bounds = [one, three].map((f) => {
      const c = pick(f).cpu.perRegistration;
      const byCores = (cores * 1000) / (c.total ?? Infinity);
      const byServers = (f.instances * 1000) / (c.server ?? Infinity);
      return { byCores, byServers };
    });
    console.log(
      `${way}: at most ${bounds[0]!.byCores.toFixed(0)}/s (1 instance) and ${bounds[1]!.byCores.toFixed(0)}/s ` +
        `(3) on ${cores} cores shared by every process measured; with a core for each process, ` +
        `at most ${bounds[0]!.byServers.toFixed(0)}/s (1 server process at 100 %) against ` +
        `${bounds[1]!.byServers.toFixed(0)}/s (3), PostgreSQL and the load generator then on cores of their own`,
    );
  }
}
