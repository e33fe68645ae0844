// Several real server processes on one PostgreSQL database behind a real nginx: what an operator
// runs when one machine is not enough (docs/operating.md, "Several instances").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startChildServer, type ChildServer } from './child-server.ts';
import { startNginx, type Nginx } from './nginx.ts';

export interface Cluster {
  /** The proxy's address: the site's PUBLIC_URL. */
  url: string;
  nodes: ChildServer[];
  nginx: Nginx;
  /** The instance behind an X-Upstream value (`127.0.0.1:port`). */
  nodeAt(upstream: string | null): ChildServer | undefined;
  stop(): Promise<void>;
}

export async function startCluster(
  instances: number,
  env: Record<string, string> & { DATABASE_URL: string },
): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'inscricoes-cluster-'));
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const nodes: ChildServer[] = [];
  try {
    const started = await Promise.allSettled(
      Array.from({ length: instances }, () =>
        startChildServer({ PUBLIC_URL: url, TRUST_PROXY: '1', ...env }, { cwd: dir }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const nginx = await startNginx(
      nodes.map((node) => node.port),
      { port: proxyPort },
    );
    return {
      url,
      nodes,
      nginx,
      nodeAt: (upstream) => nodes.find((node) => upstream === `127.0.0.1:${node.port}`),
      async stop() {
        await nginx.stop();
        await Promise.all(nodes.map((node) => node.kill()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(nodes.map((node) => node.kill()));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
