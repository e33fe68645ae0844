// Starts the server and stops it cleanly on SIGTERM/SIGINT (close-with-grace: a second signal,
// or 10 s without finishing, exits at once).
import 'dotenv/config';
import closeWithGrace from 'close-with-grace';
import { organizerHadTheirChance } from './admin/first-start.repository.ts';
import { buildApp } from './app.ts';
import { ConfigError } from './config-error.ts';
import { linksWorkOnlyHere, loadConfig, type Config } from './config.ts';
import { startsInThePast } from './editions/edition-date.ts';

// React (imported by the pages' render, dist/ssr, from node_modules) picks its development build
// unless NODE_ENV says production: its checks on every ticket page rendered, and a warning at every
// start. The server has no development mode of its own (`npm run dev` sets NODE_ENV itself).
process.env.NODE_ENV ??= 'production';

/**
 * A listen that failed for a reason PORT or HOST explains, as one line saying which to change;
 * undefined for any other failure (its stack trace is then the useful part).
 */
function listenProblem(error: unknown, { port, host }: Config): string | undefined {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return (
        `A porta ${port} (PORT) já está em uso por outro programa, talvez outra cópia deste servidor: escolha outra em PORT ou pare esse programa. / ` +
        `Port ${port} (PORT) is already in use by another program, perhaps another copy of this server: choose another PORT or stop that program.`
      );
    case 'EACCES':
      return (
        `Sem permissão para usar a porta ${port} (PORT): abaixo de 1024 só com privilégios; use uma porta acima de 1024 (atrás de um proxy, se preciso). / ` +
        `No permission to use port ${port} (PORT): below 1024 needs privileges; use a port above 1024 (behind a proxy if needed).`
      );
    case 'EADDRNOTAVAIL':
      return (
        `HOST ${host} não é um endereço desta máquina: use 127.0.0.1 (só esta máquina), 0.0.0.0 (todas as interfaces) ou um endereço dela. / ` +
        `HOST ${host} is not an address of this machine: use 127.0.0.1 (this machine only), 0.0.0.0 (every interface) or one of its addresses.`
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return (
        `HOST ${host}: nome não encontrado; use um endereço desta máquina (127.0.0.1, 0.0.0.0) ou um nome que aponte para ela. / ` +
        `HOST ${host}: name not found; use an address of this machine (127.0.0.1, 0.0.0.0) or a name that points to it.`
      );
    default:
      return undefined;
  }
}

/** A start the operator can fix (a variable, the database it names) ends on one line, status 1. */
function stopWith(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config;
  let app;
  try {
    config = loadConfig();
    app = await buildApp({ config });
  } catch (error) {
    if (error instanceof ConfigError) stopWith(error.message);
    throw error;
  }
  const { date, time, timeZone } = app.editions.current().settings;
  // Not to a new install whose organizer has not yet been asked for the event (decision 0227): the
  // default date is long past, and the setup link's next screen asks for the real one.
  if (startsInThePast({ date, time, timeZone }) && (await organizerHadTheirChance(app.db.kysely))) {
    // An event that is over, or a date nobody changed when they could: the pages still announce it.
    app.log.warn(
      `O evento atual (${date} ${time}, ${timeZone}) já começou: ajuste a data no painel (Evento) ` +
        `ou comece a próxima edição (Edições). / The current event (${date} ${time}, ` +
        `${timeZone}) has already started: set its date in the panel (Evento) or start the next ` +
        `edition (Edições).`,
    );
  }
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info(`${signal} received: finishing requests in flight`);
    await app.close();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const problem = listenProblem(error, config);
    if (!problem) throw error;
    await app.close();
    stopWith(problem);
  }
  if (linksWorkOnlyHere(config)) {
    app.log.warn(
      `PUBLIC_URL aponta para esta máquina (${config.publicUrl}), mas o servidor aceita conexões de ` +
        `fora (HOST=${config.host}): links e QR codes dos ingressos e dos e-mails só funcionam ` +
        `aqui; defina PUBLIC_URL com o endereço público do site. / PUBLIC_URL points at this ` +
        `machine (${config.publicUrl}) while the server takes connections from others ` +
        `(HOST=${config.host}): ticket links, QR codes and e-mails work only here; set PUBLIC_URL ` +
        `to the site's public address.`,
    );
  }
}

await main();
