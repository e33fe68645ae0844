// The organizer's logo for a bench (issue 33.2): an admin made with `npm run admin` in the site's
// folder, as an operator makes one, signs in through the API and sends a logo as the panel does.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { logoPicture } from '#test/builders/logo.ts';

/**
 * An admin made with `npm run admin` in the site's folder, signed in through the API, sends the
 * logo as the panel does (PUT /api/admin/event/logo); answered once the pages show it.
 */
export async function sendLogo(
  url: string,
  { cwd, env }: { cwd: string; env: Record<string, string> },
) {
  const email = 'bench@exemplo.com';
  const password = 'uma senha longa de bancada';
  const made = spawnSync(
    process.execPath,
    [join(import.meta.dirname, '../../scripts/admin.mjs'), 'create', email],
    {
      cwd,
      env: { ...env, PATH: process.env.PATH },
      input: `${password}\n`,
      stdio: ['pipe', 'inherit', 'inherit'],
    },
  );
  if (made.status !== 0) throw new Error('npm run admin -- create failed');
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const sent = await fetch(`${url}/api/admin/event/logo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', origin: url, cookie },
    body: new Uint8Array(await logoPicture()),
  });
  if (!sent.ok) throw new Error(`logo: ${sent.status} ${await sent.text()}`);
  const logo = (await sent.json()) as { url: string; width: number; height: number };
  console.log(`logo: ${logo.url}, ${logo.width} × ${logo.height}`);
}
