import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import proxyAddr from 'proxy-addr';
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

/**
 * The client address of a request express does not handle itself (a WebSocket upgrade), by the rule
 * `req.ip` follows (the app's compiled TRUST_PROXY): the sign-in limits count it as they count HTTP's.
 */
export function clientAddressOf(app: Express): (request: IncomingMessage) => string | null {
  return (request) => {
    if (!request.socket.remoteAddress) return null;
    return proxyAddr(request, app.get('trust proxy fn') as (address: string, hop: number) => boolean);
  };
}
