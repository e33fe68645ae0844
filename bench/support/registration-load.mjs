// What the registration benches share: our server (or another) in a child process, waiting for it
// to answer, and one POST /api/registrations over a kept-alive agent.
import { spawn } from 'node:child_process';
import { request } from 'node:http';

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
