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
import { openDatabase } from '../src/server/db/database.ts';
import { loggedChangesIn } from '#test/databases/logged-changes.ts';
import { runPool } from '#test/servers/child-server.ts';
import { startCluster } from '#test/servers/cluster.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { startSession } from '#test/api/sessions.ts';
import { api } from '../src/shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { cpuMeter, pinToCpus, postgresBackendsOf, withChildren } from '#test/load/process-cpu.ts';
import { tempPostgres } from '#test/databases/temp-postgres.ts';

const registrations = Number(process.argv[2] ?? 1500);
/**
 * Sent first to each setup and not counted, half through nginx and half straight to the
 * instances: every server process runs its code optimized, as a server that has been up a while
 * does. V8 optimizes a function after many calls, and each of three instances gets a third of the
 * requests: measured in slices of 1,000 and 2,000, one instance reaches its steady rate after
 * about 4,000 registrations and three after about 14,000 (600, the earlier warm-up, measured three
 * instances at 0.6 of their steady rate and one at 0.8; decision 0156).
 */
const warmUp = 16_000;
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

/** CPU milliseconds per registration stored, by group of processes, and the wall time. */
interface CpuFigures {
  perRegistration: Record<string, number>;
  /** Cores kept busy on average by the processes measured. */
  cores: number;
}

interface Throughput {
  perSecond: number;
  cpu: CpuFigures;
}

interface Figures {
  setup: string;
  instances: number;
  p50: number;
  p95: number;
  max: number;
  missed: number;
  /** Registrations per second sent through nginx, and spread over the instances by the client. */
  throughProxy: Throughput;
  spreadByClient: Throughput;
  /** Panel deliveries of those registrations missing at the end. */
  missedUnderLoad: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

let visitor = 0;
function register(base: string) {
  visitor += 1;
  return fetch(base + api.registrations, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
    },
    body: JSON.stringify(validRegistration()),
  });
}

type CpuGroups = Parameters<typeof cpuMeter>[0];

/** What one slice of registrations took: how many stored, in how long, and each group's CPU. */
interface Slice {
  stored: number;
  seconds: number;
  used: Record<string, number>;
}

/** `count` registrations with `concurrency` in flight, the i-th sent to `baseOf(i)`. */
async function slice(
  setup: string,
  baseOf: (i: number) => string,
  groups: CpuGroups,
  count: number,
): Promise<Slice> {
  // PostgreSQL's backends are the server's children, not ours; pools open them as they grow.
  if (pinnedCpus) pinToCpus(pinnedCpus, groups.postgres!());
  const meter = cpuMeter(groups);
  const started = performance.now();
  let failures = 0;
  let sent = 0;
  await runPool(Array.from({ length: count }), concurrency, async () => {
    const response = await register(baseOf(sent++));
    await response.arrayBuffer();
    if (response.status !== 201) failures += 1;
  });
  const seconds = (performance.now() - started) / 1000;
  const used = meter.stop();
  if (failures > 0) console.warn(`${setup}: ${failures} registrations not answered 201`);
  return { stored: count - failures, seconds, used };
}

/** Slices added up: registrations per second and CPU per registration over all of them. */
function throughputOf(slices: readonly Slice[]): Throughput {
  const stored = slices.reduce((sum, s) => sum + s.stored, 0);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const used: Record<string, number> = {};
  for (const s of slices)
    for (const [name, ms] of Object.entries(s.used)) {
      used[name] = (used[name] ?? 0) + ms;
    }
  const total = Object.values(used).reduce((a, b) => a + b, 0);
  return {
    perSecond: stored / seconds,
    cpu: {
      perRegistration: Object.fromEntries(
        [...Object.entries(used), ['total', total] as const].map(([name, ms]) => [
          name,
          ms / stored,
        ]),
      ),
      cores: total / 1000 / seconds,
    },
  };
}

type Way = 'proxy' | 'spread';

/** A setup running: its instances behind nginx, its 20 panels open, its slices so far. */
interface Running {
  setup: string;
  instances: number;
  latency: Pick<Figures, 'p50' | 'p95' | 'max' | 'missed'>;
  slices: Record<Way, Slice[]>;
  /** Sends `count` registrations one of the two ways, and keeps the slice. */
  send(way: Way, count: number, keep?: boolean): Promise<void>;
  /** Panel deliveries missing once every panel has had the time to catch up. */
  missedUnderLoad(): Promise<number>;
  close(): Promise<void>;
}

async function open(setup: string, databaseUrl: string, instances: number): Promise<Running> {
  const db = await openDatabase(databaseUrl);
  const { cookie } = await startSession(db.kysely);
  const cluster = await startCluster(instances, {
    DATABASE_URL: databaseUrl,
    REGISTRATION_RATE_LIMIT: '0',
  });
  const panels: Awaited<ReturnType<typeof openLiveStream>>[] = [];
  const close = async () => {
    await Promise.all(panels.map((panel) => panel.close()));
    await cluster.stop();
    await db.close();
  };
  try {
    // Panels through the proxy: round-robin spreads them over the instances.
    const readies: Array<string | undefined> = [];
    for (let i = 0; i < panelCount; i += 1) {
      const panel = await openLiveStream(cluster.url, cookie);
      readies.push((await panel.next((m) => m.type === 'ready')).id);
      panels.push(panel);
    }
    // One change at a time: from the moment it is sent to its arrival on each panel.
    const delays: number[] = [];
    let missed = 0;
    for (let i = 0; i < changes; i += 1) {
      const sent = performance.now();
      const response = await register(cluster.url);
      const { id } = (await response.json()) as { id: string };
      const arrivals = await Promise.all(
        panels.map((panel) =>
          panel
            .next((m) => m.type === 'change' && m.data.includes(id), 5_000)
            .then(
              () => performance.now() - sent,
              () => undefined,
            ),
        ),
      );
      for (const arrival of arrivals) {
        if (arrival === undefined) missed += 1;
        else delays.push(arrival);
      }
    }
    delays.sort((a, b) => a - b);

    const database = databaseUrl.startsWith('file:') ? undefined : new URL(databaseUrl).pathname;
    const groups = {
      nginx: () => withChildren(cluster.nginx.process.pid!),
      server: () => cluster.nodes.map((node) => node.process.pid!),
      postgres: () => (database ? postgresBackendsOf(database.slice(1)) : []),
    };
    const baseOf: Record<Way, (i: number) => string> = {
      proxy: () => cluster.url,
      spread: (i) => cluster.nodes[i % cluster.nodes.length]!.url,
    };
    const slices: Record<Way, Slice[]> = { proxy: [], spread: [] };
    return {
      setup,
      instances,
      latency: {
        p50: percentile(delays, 0.5),
        p95: percentile(delays, 0.95),
        max: delays.at(-1) ?? Number.NaN,
        missed,
      },
      slices,
      async send(way, count, keep = true) {
        const result = await slice(setup, baseOf[way], groups, count);
        if (keep) slices[way].push(result);
      },
      async missedUnderLoad() {
        // Every panel gets every change, in the end.
        const logged = (await loggedChangesIn(db)).map((change) => change.id);
        let missedUnderLoad = 0;
        for (const [i, panel] of panels.entries()) {
          await panel.next((m) => m.id === logged.at(-1), 60_000).catch(() => undefined);
          const received = new Set(panel.messages.map((m) => m.id));
          const expected = logged.slice(logged.indexOf(readies[i]!) + 1);
          missedUnderLoad += expected.filter((id) => !received.has(id)).length;
        }
        return missedUnderLoad;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The running setups measured together: warmed up, then `rounds` rounds in which each sends its
 * slice through nginx, then each its slice spread by the client, so that other work on the
 * machine falls on all of them alike.
 */
async function measureTogether(running: readonly Running[]): Promise<Figures[]> {
  for (const r of running) {
    await r.send('proxy', warmUp / 2, false);
    await r.send('spread', warmUp / 2, false);
  }
  const perSlice = Math.ceil(registrations / rounds);
  for (let round = 0; round < rounds; round += 1) {
    for (const way of ['proxy', 'spread'] as const) {
      for (const r of running) await r.send(way, perSlice);
    }
  }
  const figures: Figures[] = [];
  for (const r of running) {
    figures.push({
      setup: r.setup,
      instances: r.instances,
      ...r.latency,
      throughProxy: throughputOf(r.slices.proxy),
      spreadByClient: throughputOf(r.slices.spread),
      missedUnderLoad: await r.missedUnderLoad(),
    });
  }
  return figures;
}

/** Each round's ratio of `a` to `b` one way: how far the machine's load moved it. */
function roundRatios(a: Running, b: Running, way: Way): string {
  const rate = (s: Slice) => s.stored / s.seconds;
  const ratios = a.slices[way].map((s, i) => rate(s) / rate(b.slices[way][i]!));
  return `rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
}

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
    `PostgreSQL, 3 instances ÷ 1: ${proxied.toFixed(2)}× through nginx (${spreads?.proxy}), ` +
      `${spread.toFixed(2)}× spread by the client (${spreads?.spread}) (goal ≥ 1.0 both ways: ${proxied >= 1 && spread >= 1 ? 'yes' : 'NO'}); ` +
      `p95 goal ≤ 100 ms with 0 missed: ${three.p95 <= 100 && three.missed === 0 && three.missedUnderLoad === 0 ? 'yes' : 'NO'}`,
  );
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
