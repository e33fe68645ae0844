// What the registration benches share: our server (or another) in a child process, waiting for it
// to answer, one POST /api/registrations over a kept-alive agent, and a target loaded in slices.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';

/**
 * Posts one registration. `readStatus`: parse the answer for its `status` (pending, confirmed,
 * waitlisted); off, the body is discarded unread, so the load generator spends nothing on it.
 */
export function postRegistration(agent, port, payload, { readStatus = false } = {}) {
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
        res.on('error', reject);
        if (!readStatus) {
          res.resume();
          res.on('end', () => resolve({ code: res.statusCode, status: '' }));
          return;
        }
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          let status = '';
          try {
            status = JSON.parse(Buffer.concat(chunks).toString()).status ?? '';
          } catch {
            // not ours: counted by its HTTP status alone
          }
          resolve({ code: res.statusCode, status });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function waitForHealth(port) {
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

/** `node <args>` with this environment added, its output on ours; `stop()` ends it with SIGTERM. */
export function spawnServer(args, env, cwd) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd,
  });
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * A server the benches load in slices that alternate with other targets' (so that other work on
 * the machine falls on all alike): `load(ms)` keeps `connections` keep-alive connections sending
 * `bodyOf(i)`, each its next once answered; `totals()` sums the recorded slices. Answers are
 * counted by HTTP status, and by the registration's `status` too with `readStatus`.
 */
export function slicedLoad(port, connections, bodyOf, { readStatus = false } = {}) {
  let sent = 0;
  const latencies = [];
  const answers = new Map();
  const slices = [];
  return {
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
            const { code, status } = await postRegistration(agent, port, bodyOf(sent++), {
              readStatus,
            });
            if (!record) continue;
            latencies.push(performance.now() - t0);
            const key = status ? `${code} ${status}` : code;
            answers.set(key, (answers.get(key) ?? 0) + 1);
            if (code === 201) created += 1;
          }
        }),
      );
      agent.destroy();
      if (record) slices.push({ created, seconds: (performance.now() - started) / 1000 });
    },
    totals() {
      const created = slices.reduce((sum, s) => sum + s.created, 0);
      const elapsed = slices.reduce((sum, s) => sum + s.seconds, 0);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        created,
        perSecond: created / elapsed,
        answers: Object.fromEntries(answers),
        /** The latency at this fraction (0.5: the median), in milliseconds, one decimal. */
        latency: (p) =>
          sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1),
      };
    },
  };
}
