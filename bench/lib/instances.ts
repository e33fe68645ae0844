// The several-instances bench's machinery (bench/several-instances.ts): setups of instances behind
// nginx with their panels open, registrations sent in slices, and the CPU time of every process
// measured from /proc while they are sent.
import { openDatabase } from '../../src/server/db/database.ts';
import { api } from '../../src/shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { loggedChangesIn } from '#test/databases/logged-changes.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { startSession } from '#test/api/sessions.ts';
import { cpuMeter, pinToCpus, postgresBackendsOf, withChildren } from '#test/load/process-cpu.ts';
import { runPool } from '#test/servers/child-server.ts';
import { startCluster } from '#test/servers/cluster.ts';

type CpuGroups = Parameters<typeof cpuMeter>[0];

export interface BenchOptions {
  registrations: number;
  /** Sent first to each setup and not counted (decision 0156). */
  warmUp: number;
  rounds: number;
  changes: number;
  panelCount: number;
  concurrency: number;
  pinnedCpus: string | undefined;
}

/** CPU milliseconds per registration stored, by group of processes, and the wall time. */
export interface CpuFigures {
  perRegistration: Record<string, number>;
  /** Cores kept busy on average by the processes measured. */
  cores: number;
}

export interface Throughput {
  perSecond: number;
  cpu: CpuFigures;
}

export interface Figures {
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

/** What one slice of registrations took: how many stored, in how long, and each group's CPU. */
export interface Slice {
  stored: number;
  seconds: number;
  used: Record<string, number>;
}

export type Way = 'proxy' | 'spread';

/** A setup running: its instances behind nginx, its 20 panels open, its slices so far. */
export interface Running {
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

export function instancesBench(options: BenchOptions) {
  const { registrations, warmUp, rounds, changes, panelCount, concurrency, pinnedCpus } = options;

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

  return { open, measureTogether, roundRatios };
}
