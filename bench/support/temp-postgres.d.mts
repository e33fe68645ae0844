/** A throw-away PostgreSQL database (temp-postgres.mjs); undefined when no server answers. */
export function tempPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined>;
