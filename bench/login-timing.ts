// A wrong e-mail and a wrong password must take the same time to refuse (both run scrypt), so
// the login cannot tell an attacker which e-mails have accounts. Prints both and their ratio,
// and fails (exit code 1) when the wrong password is quick enough to mean scrypt did not run, or
// when the ratio leaves 1/3..3: without the stand-in hash an unknown e-mail answers in a couple of
// milliseconds. The suite checks only what does not depend on the machine's speed (the stand-in
// hash has a real hash's parameters, in password.test.ts).
// Run: npx tsx bench/login-timing.ts [rounds]
import { createAccount } from '../src/server/admin/accounts.repository.ts';
import { startTestServer } from '#test/servers/test-server.ts';
import { api } from '../src/shared/paths.ts';

const rounds = Number(process.argv[2] ?? 8);
const server = await startTestServer({ TRUST_PROXY: '1' });

async function timedLogin(email: string, ip: string): Promise<number> {
  const start = performance.now();
  const response = await server.request(api.adminLogin, {
    method: 'POST',
    json: { email, password: 'definitely not the password' },
    headers: { 'x-forwarded-for': ip },
  });
  await response.arrayBuffer();
  if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

try {
  const email = 'organizadora@bench.example';
  await createAccount(server.app.db.kysely, email, 'correct horse battery staple', 'admin');
  const wrongPassword: number[] = [];
  const unknownEmail: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    // A new address each time keeps the login throttle out of the measurement.
    wrongPassword.push(await timedLogin(email, `198.51.100.${2 * i + 1}`));
    unknownEmail.push(await timedLogin(`ninguem.${i}@bench.example`, `198.51.100.${2 * i + 2}`));
  }
  const a = median(wrongPassword);
  const b = median(unknownEmail);
  console.log(`login-timing: wrong password, median ${a.toFixed(0)} ms (${rounds} rounds)`);
  console.log(`login-timing: unknown e-mail, median ${b.toFixed(0)} ms (${rounds} rounds)`);
  const ratio = b / a;
  console.log(`login-timing: ratio unknown/wrong ${ratio.toFixed(2)} (1.00 = indistinguishable)`);
  // Medians of rounds measured alternately: whatever slows the machine slows both paths alike.
  if (a < 50 || ratio < 1 / 3 || ratio > 3) {
    console.error('login-timing: FAIL: the two refusals can be told apart by their time');
    process.exitCode = 1;
  }
} finally {
  await server.close();
}
