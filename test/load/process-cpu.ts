// CPU time of the processes a bench runs, read from Linux's /proc (user + system time of each
// process, in clock ticks of 10 ms), so that a figure can say where the machine's cores went:
// the load generator, nginx, each server process, PostgreSQL's backends of one database. And
// keeping them on some CPUs only, to measure what another core gives.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const tickMs = 10;

/** CPU milliseconds a process has used so far (0 once it is gone). */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * tickMs;
  } catch {
    return 0;
  }
}

function processes(): Array<{ pid: number; ppid: number; cmdline: string }> {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push({ pid: Number(entry), ppid, cmdline });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** A process and its children (nginx's master and its worker). */
export function withChildren(pid: number): number[] {
  return [
    pid,
    ...processes()
      .filter((p) => p.ppid === pid)
      .map((p) => p.pid),
  ];
}

/** PostgreSQL's backends serving this database (their title names it). */
export function postgresBackendsOf(database: string): number[] {
  return processes()
    .filter((p) => p.cmdline.startsWith('postgres: ') && p.cmdline.includes(` ${database} `))
    .map((p) => p.pid);
}

export type CpuGroups = Record<string, () => number[]>;

/**
 * CPU milliseconds used by each group of processes from now until `stop()`. Groups are listed
 * again at the end (PostgreSQL opens backends as pools grow); a process that appeared meanwhile
 * counts from zero, one that ended meanwhile is lost (none of ours ends during a run).
 */
export function cpuMeter(groups: CpuGroups, self = true) {
  const start = new Map<number, number>();
  for (const pids of Object.values(groups)) for (const pid of pids()) start.set(pid, cpuMsOf(pid));
  const selfStart = process.cpuUsage();
  return {
    stop(): Record<string, number> {
      const used: Record<string, number> = {};
      if (self) {
        const { user, system } = process.cpuUsage(selfStart);
        used.client = (user + system) / 1000;
      }
      for (const [name, pids] of Object.entries(groups)) {
        used[name] = pids().reduce((sum, pid) => sum + cpuMsOf(pid) - (start.get(pid) ?? 0), 0);
      }
      return used;
    },
  };
}

/**
 * Keeps processes on the CPUs listed (taskset's list, such as `0` or `0-1`), every thread of each;
 * the processes they start later inherit it. A process gone meanwhile is skipped.
 */
export function pinToCpus(cpus: string, pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], {
        stdio: 'ignore',
      });
    } catch (error) {
      // No taskset: nothing would be pinned, and the figures would say it was.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      // Otherwise the process ended meanwhile.
    }
  }
}
