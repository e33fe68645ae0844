// `npm run dev`: the API with reload on change (tsx watch) behind Vite's hot-reloading site.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: apiPort,
  API_PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
};

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/server.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', port, '--strictPort'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
