// Starts the server and stops it cleanly on SIGTERM/SIGINT (close-with-grace: a second signal,
// or 10 s without finishing, exits at once).
import 'dotenv/config';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

// React (imported by the pages' render, dist/ssr, from node_modules) picks its development build
// unless NODE_ENV says production: its checks on every ticket page rendered, and a warning at every
// start. The server has no development mode of its own (`npm run dev` sets NODE_ENV itself).
process.env.NODE_ENV ??= 'production';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info(`${signal} received: finishing requests in flight`);
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
}

await main();
