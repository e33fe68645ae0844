// The Graph API stand-in in a process of its own, for a test that counts when requests arrive. In
// the test's process a request is seen only when that process's event loop gets to it, and three
// instances sending from the same loop delay it: arrivals that Meta would see apart were noted
// together. Its own process notes them as they come.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface GraphApiProcess {
  /** WHATSAPP_API_URL, as TestGraphApi's. */
  url: string;
  /** When each send arrived (Date.now() in that process), and the successful sends' recipients. */
  record(): Promise<{ arrivals: number[]; recipients: string[] }>;
  /** Resolves once `count` sends succeeded; fails after `timeoutMs`. */
  waitForSuccesses(count: number, timeoutMs: number): Promise<string[]>;
  close(): Promise<void>;
}

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export async function startGraphApiProcess(): Promise<GraphApiProcess> {
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./graph-api-child.ts', import.meta.url)),
    [],
    {
      execArgv: ['--import', tsx],
      // tsx's cache would be a folder in the run's own, left behind (decision 0182).
      env: { ...process.env, TSX_DISABLE_CACHE: '1' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const { url, control } = await new Promise<{ url: string; control: string }>(
    (resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('\n')) resolve(JSON.parse(output.split('\n')[0]!));
      });
      child.once('exit', (code) => reject(new Error(`the Graph API stand-in exited (${code})`)));
    },
  );
  const record = async () =>
    (await (await fetch(control)).json()) as { arrivals: number[]; recipients: string[] };
  return {
    url,
    record,
    async waitForSuccesses(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { recipients } = await record();
        if (recipients.length >= count) return recipients;
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} WhatsApp sends, got ${recipients.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
