import type { Logger } from '../logging/logger';

/** knex's logger as far as it is routed: the functions its warn, error, debug and deprecate call instead of console.log. */
interface KnexLogger {
  _warn?: (message: unknown) => void;
  _error?: (message: unknown) => void;
  _debug?: (message: unknown) => void;
  _deprecate?: (message: unknown) => void;
}

/**
 * knex prints its own warnings with console.log ("Connection Error: …" for every connection lost):
 * here they go through the service's structured log instead. A lost connection is a debug line (the
 * outage itself is logged once, src/db/database-outage.ts); knex's other warnings stay warnings.
 */
export function routeKnexLog(client: { logger?: KnexLogger }, log: Logger): void {
  const logger = client.logger;
  if (!logger) return;
  const text = (message: unknown) => (typeof message === 'string' ? message : String(message));
  logger._warn = (message) => {
    if (/^Connection Error/.test(text(message))) log.debug({ knex: text(message) }, 'database connection lost');
    else log.warn({ knex: text(message) }, 'knex warning');
  };
  logger._error = (message) => log.error({ knex: text(message) }, 'knex error');
  logger._debug = (message) => log.debug({ knex: text(message) }, 'knex');
  logger._deprecate = (message) => log.debug({ knex: text(message) }, 'knex deprecation');
}
