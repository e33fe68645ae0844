// Why DATABASE_URL cannot be used, said to the operator: what the driver reported (a password in
// it masked) and what to check, pt-BR then English, as a start stopped by a bad variable.
import { ConfigError } from '../config-error.ts';

/**
 * DATABASE_URL passed its format check but names a database this process cannot use (none by that
 * name, nobody listening, not an SQLite file): the operator has a variable or a database to fix,
 * so it stops a start like a bad variable does, with a line saying what to check.
 */
export class DatabaseUnavailableError extends ConfigError {}

/** What to check, pt-BR then English, by the driver's code. */
function whatToCheck(code: unknown): [string, string] {
  switch (code) {
    case '3D000':
      return [
        'crie o banco no PostgreSQL ou corrija o nome dele no endereço',
        'create the database in PostgreSQL or fix its name in the URL',
      ];
    case '28P01':
    case '28000':
      return ['confira o usuário e a senha no endereço', 'check the user and password in the URL'];
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return [
        'confira o servidor e a porta no endereço, e se o PostgreSQL está rodando',
        'check the host and port in the URL, and that PostgreSQL is running',
      ];
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return ['confira o nome do servidor no endereço', 'check the host name in the URL'];
    case 'SQLITE_NOTADB':
      return [
        'aponte para o banco deste servidor, ou para um arquivo que ainda não existe (ele é criado)',
        "point it at this server's database, or at a file that does not exist yet (it is created)",
      ];
    case 'SQLITE_CANTOPEN':
    case 'ENOTDIR':
    case 'EEXIST':
    case 'EISDIR':
    case 'EACCES':
    case 'EROFS':
      return [
        'confira o caminho (file:CAMINHO, um arquivo e não uma pasta) e as permissões da pasta',
        "check the path (file:PATH, a file and not a folder) and its folder's permissions",
      ];
    default:
      return [
        'confira o endereço e se o banco aceita conexões',
        'check the URL and that the database accepts connections',
      ];
  }
}

/** `file`: the SQLite file DATABASE_URL names, if it names one. */
export function unavailable(
  databaseUrl: string,
  error: unknown,
  file?: string,
): DatabaseUnavailableError {
  const { code, message, errors } = error as Error & { code?: unknown; errors?: Error[] };
  // Node's AggregateError (one attempt per address of a host name) has no message of its own.
  let cause = message || errors?.map((each) => each.message).join(', ') || String(code);
  if (file) {
    if (!cause.includes(file)) cause = `${file}: ${cause}`;
  } else {
    // No driver message is known to quote the password; this keeps it that way.
    const password = URL.canParse(databaseUrl) ? new URL(databaseUrl).password : '';
    if (password) {
      cause = cause.replaceAll(password, '***').replaceAll(safeDecode(password), '***');
    }
  }
  const [pt, en] = whatToCheck(code);
  return new DatabaseUnavailableError(
    `Não foi possível abrir o banco de DATABASE_URL (${cause}): ${pt}. / ` +
      `Could not open the database at DATABASE_URL (${cause}): ${en}.`,
    { cause: error },
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
