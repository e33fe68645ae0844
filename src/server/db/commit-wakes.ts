// What a commit must wake (decision 0186): the live hub after a live change, the outbox's sender
// after a queued message. The write that calls for it registers the wake on its transaction
// (wakeAfterCommit, from logChange and queueMessages), and the database's driver runs it once that
// transaction has committed: never before (a reader would not see the change yet), never after a
// rollback, and never left to each route to remember. Every transaction goes through the driver's
// commit, Kysely's own, the group commit's (write-transactions.ts) and any added later, on SQLite
// and PostgreSQL alike.
import type {
  DatabaseConnection,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  TransactionSettings,
} from 'kysely';
import type { Database } from './schema.ts';

export type Wake = 'live' | 'outbox';

export interface CommitWakes {
  /** Calls `listener` after each commit that asked for `wake`; returns what unsubscribes. */
  on(wake: Wake, listener: () => void): () => void;
}

class WakeRegistry implements CommitWakes {
  readonly #listeners: Record<Wake, Set<() => void>> = { live: new Set(), outbox: new Set() };
  /** The wakes asked for by each connection's open transaction. */
  readonly #open = new WeakMap<DatabaseConnection, Set<Wake>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  on(wake: Wake, listener: () => void) {
    this.#listeners[wake].add(listener);
    return () => void this.#listeners[wake].delete(listener);
  }

  began(connection: DatabaseConnection) {
    this.#open.set(connection, new Set());
  }

  /** The transaction ended; its wakes, to run if it committed. */
  ended(connection: DatabaseConnection): Set<Wake> {
    const wakes = this.#open.get(connection) ?? new Set<Wake>();
    this.#open.delete(connection);
    return wakes;
  }

  /** After this connection's transaction commits; now when it has none (the write committed). */
  ask(connection: DatabaseConnection | undefined, wakes: readonly Wake[]) {
    const open = connection && this.#open.get(connection);
    if (open) for (const wake of wakes) open.add(wake);
    else this.run(wakes);
  }

  run(wakes: Iterable<Wake>) {
    for (const wake of wakes) {
      for (const listener of this.#listeners[wake]) {
        // The commit is done: its caller must hear so, whatever a listener does.
        try {
          listener();
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }
}

/** Each database's registry, by its dialect's adapter: what every Kysely of it, and every transaction, shares. */
const registries = new WeakMap<DialectAdapter, WakeRegistry>();

class WakingDriver implements Driver {
  constructor(
    private readonly driver: Driver,
    private readonly registry: WakeRegistry,
  ) {
    // Savepoints as the driver has them (Kysely asks whether it does).
    if (driver.savepoint) this.savepoint = driver.savepoint.bind(driver);
    if (driver.rollbackToSavepoint) {
      this.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
    }
    if (driver.releaseSavepoint) this.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init() {
    return this.driver.init();
  }

  acquireConnection() {
    return this.driver.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.driver.beginTransaction(connection, settings);
    this.registry.began(connection);
  }

  async commitTransaction(connection: DatabaseConnection) {
    let wakes: Set<Wake>;
    try {
      await this.driver.commitTransaction(connection);
    } finally {
      wakes = this.registry.ended(connection);
    }
    this.registry.run(wakes);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    this.registry.ended(connection);
    await this.driver.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.driver.releaseConnection(connection);
  }

  destroy() {
    return this.driver.destroy();
  }
}

/**
 * `dialect`, with commit wakes: open the database's Kysely with the dialect returned, and
 * subscribe to `wakes`. `onError`: a listener threw (the commit itself succeeded).
 */
export function withCommitWakes(
  dialect: Dialect,
  onError: (error: unknown) => void = () => {},
): { dialect: Dialect; wakes: CommitWakes } {
  const registry = new WakeRegistry(onError);
  return {
    wakes: registry,
    dialect: {
      createAdapter() {
        const adapter = dialect.createAdapter();
        registries.set(adapter, registry);
        return adapter;
      },
      createDriver: () => new WakingDriver(dialect.createDriver(), registry),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
  };
}

/**
 * Wakes the database's listeners for `wakes` once `db`'s transaction commits; at once when `db`
 * is no transaction (the statement that wrote has committed on its own). Nothing on a Kysely
 * opened without commit wakes (a migration's own).
 */
export async function wakeAfterCommit(db: Kysely<Database>, ...wakes: Wake[]): Promise<void> {
  // getExecutor() is Kysely's way from a query builder to its connection; marked internal, but
  // the one handle every Kysely and Transaction shares with the driver (decision 0186).
  const executor = db.getExecutor();
  const registry = registries.get(executor.adapter);
  if (!registry || wakes.length === 0) return;
  if (!db.isTransaction) {
    registry.ask(undefined, wakes);
    return;
  }
  await executor.provideConnection(async (connection) => registry.ask(connection, wakes));
}
