import type { IncomingMessage } from 'node:http';
import type { Logger } from '../../logging/logger';

/** What `ws` asks before it accepts an upgrade (its `verifyClient` option). */
type VerifyClient = (info: { req: IncomingMessage }, accept: (result: boolean, code?: number, message?: string) => void) => void;

/** `Origin` and `Host` values compared as browsers write origins (lower case, no default port). */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a WebSocket upgrade may open: one without `Origin` (not a browser: a script authenticating
 * with `connectionParams.key`), or a page of the service's own origin (the request's own `Host`, over
 * http or https) or of an allowed one. A page of any other origin (another site, or another port of
 * this host, whose requests carry this host's cookies) is refused: the WebSocket has no CSRF guard of
 * its own, and would act with the visitor's session cookie.
 */
export function upgradeOriginAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  const given = originOf(origin);
  if (given === null) return false;
  if (host !== undefined && (given === originOf(`http://${host}`) || given === originOf(`https://${host}`))) return true;
  return allowed.includes(given);
}

/** The upgrade check `ws` runs: a refused origin gets HTTP 403 and no WebSocket. */
export function originCheck(allowed: readonly string[], log: Logger): VerifyClient {
  return ({ req }, accept) => {
    const origin = req.headers.origin;
    if (upgradeOriginAllowed(origin, req.headers.host, allowed)) return accept(true);
    log.info({ origin: origin?.slice(0, 200), host: req.headers.host?.slice(0, 200) }, 'WebSocket upgrade refused: foreign origin');
    accept(false, 403, 'Forbidden');
  };
}
