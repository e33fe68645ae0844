// A real SMTP server on a loopback port (the smtp-server package), for the tests that send e-mail:
// every accepted message is parsed back (mailparser) as a mail client would read it. It can be
// told to answer 421 to the next messages (a server that asks to come back later) and to refuse
// some recipients with 550.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface TestSmtp {
  /** `smtp://user:pass@127.0.0.1:port` */
  url: string;
  /** Every message accepted so far, parsed, in order. */
  received: ParsedMail[];
  /** The next `count` messages are answered 421 (try again later). */
  deferNext(count: number): void;
  /** Messages to this address are refused with 550. */
  refuse(address: string): void;
  /** Each message is answered this long after it arrives (a slow server). */
  slow(ms: number): void;
  /** Every message accepted: its Message-ID and when (Date.now()). */
  accepted: Array<{ messageId: string; at: number }>;
  /** Every attempt, answered or not: `accepted`, `deferred` or `refused`, with its Message-ID. */
  attempts: Array<{ outcome: 'accepted' | 'deferred' | 'refused'; to: string }>;
  /** Connections open now, and the most ever open at once (a client's pool, seen from here). */
  connections: { open: number; most: number };
  /** Resolves once `count` messages have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /**
   * false: keep only each message's Message-ID and arrival time (`accepted`), for a benchmark
   * whose mail server should cost little next to the server measured.
   */
  parse?: boolean;
  /** Refuse mail from a client that has not logged in (530), as most submission servers do. */
  requireAuth?: boolean;
}

export async function startTestSmtp({
  parse = true,
  requireAuth = false,
}: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const accepted: TestSmtp['accepted'] = [];
  const attempts: TestSmtp['attempts'] = [];
  const refused = new Set<string>();
  let deferred = 0;
  let delayMs = 0;
  const waiters: Array<() => void> = [];
  const connections = { open: 0, most: 0 };

  const options: SMTPServerOptions = {
    secure: false,
    authOptional: !requireAuth,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'user' && auth.password === 'pass')
        return callback(null, { user: 'user' });
      return callback(new Error('Invalid username or password'));
    },
    onConnect(_session, callback) {
      connections.open += 1;
      connections.most = Math.max(connections.most, connections.open);
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        attempts.push({ outcome: 'refused', to: address.address });
        const error = new Error(
          '5.1.1 Recipient address rejected: mailbox unavailable',
        ) as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      if (deferred > 0) {
        deferred -= 1;
        stream.resume();
        stream.on('end', () => {
          attempts.push({ outcome: 'deferred', to });
          const error = new Error('4.3.2 Service busy, try again later') as Error & {
            responseCode: number;
          };
          error.responseCode = 421;
          callback(error);
        });
        return;
      }
      if (!parse) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const head = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0] ?? '';
          const messageId = /^Message-ID:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? '';
          attempts.push({ outcome: 'accepted', to });
          accepted.push({ messageId, at: Date.now() });
          callback();
        });
        return;
      }
      simpleParser(stream, { keepCidLinks: true })
        .then(async (mail) => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          attempts.push({ outcome: 'accepted', to });
          accepted.push({ messageId: mail.messageId ?? '', at: Date.now() });
          received.push(mail);
          callback();
          for (const wake of waiters.splice(0)) wake();
        })
        .catch((error: Error) => callback(error));
    },
  };
  const server = new SMTPServer(options);
  // A client that dies mid-conversation (a server killed with SIGKILL, in the crash tests)
  // resets its connection: that is the client's end, not this server's failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://user:pass@127.0.0.1:${port}`,
    received,
    accepted,
    attempts,
    connections,
    deferNext(count) {
      deferred = count;
    },
    refuse(address) {
      refused.add(address.toLowerCase());
    },
    slow(ms) {
      delayMs = ms;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} e-mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
