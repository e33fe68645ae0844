// A start stopped by something the operator sets (a variable, a database to create): the server
// prints its message and exits, without a stack. Apart from config.ts so that db/ can throw it.
export class ConfigError extends Error {}
