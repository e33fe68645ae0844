// The real server, serving the built site (dist/web, or E2E_WEB_ROOT), on a temp SQLite file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './test-server.ts';

export async function startAppServer(
  env: Record<string, string> = {},
  /**
   * A restart: the same port and the same database file (which the caller then owns); the log,
   * for what the server prints (the setup link).
   */
  options: { port?: number; dbFile?: string; logStream?: NodeJS.WritableStream } = {},
): Promise<TestServer> {
  const webRoot = process.env.E2E_WEB_ROOT;
  const server = await startTestServer(env, {
    ...options,
    ...(webRoot ? { config: { webRoot } } : {}),
  });
  if (!existsSync(join(server.config.webRoot, 'index.html'))) {
    await server.close();
    throw new Error(`No built site in ${server.config.webRoot}: run "npm run build" first.`);
  }
  return server;
}
