import type { Express } from 'express';
import type { TrustProxy } from '../config/app-config';

/**
 * Tells express which proxies to believe (TRUST_PROXY): `req.secure`/`req.protocol` then follow a
 * believed proxy's `X-Forwarded-Proto` and `req.ip` its `X-Forwarded-For`; by default none is
 * believed and they are the connection's own. An address express cannot read stops the start, named.
 */
export function applyTrustProxy(app: Express, trustProxy: TrustProxy): void {
  try {
    app.set('trust proxy', trustProxy);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`);
  }
}
