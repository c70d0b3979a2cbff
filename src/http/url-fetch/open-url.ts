import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { isPublicAddress } from './address-ranges';
import { refusedAddress, UrlFetchError } from './url-fetch-error';

/** How user-given URLs are fetched: the one policy of every fetch path (uploads, history imports). */
export interface UrlFetchPolicy {
  /** Lets URLs reach loopback, private, link-local... addresses (ALLOW_PRIVATE_URL_FETCH). */
  allowPrivate: boolean;
  /** Non-public addresses allowed all the same (an operator's exception; tests). */
  allowAddress?: (address: string) => boolean;
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  /** A connection silent for this long is cut (default 5 minutes). */
  idleTimeoutMs?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** True when the policy lets a URL reach this address. */
export function permits(policy: UrlFetchPolicy, address: string): boolean {
  return policy.allowPrivate || isPublicAddress(address) || (policy.allowAddress?.(address) ?? false);
}

/**
 * Resolves like dns.lookup but refuses a host if any of its addresses is not permitted: the check
 * runs on the very addresses the socket connects to, so DNS rebinding cannot slip a private one in.
 */
function guardedLookup(policy: UrlFetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !permits(policy, entry.address));
      if (refused) return callback(refusedAddress(hostname, refused.address), '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      return first ? callback(null, first.address, first.family) : callback(new Error(`${hostname} has no address`), '', 0);
    });
  };
}

function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** One request, no redirects followed; the answer's body is left unread. */
function requestOnce(url: URL, policy: UrlFetchPolicy): Promise<IncomingMessage> {
  const host = bareHost(url);
  // An address literal is connected to without a lookup: check it here.
  if (isIP(host) && !permits(policy, host)) return Promise.reject(refusedAddress(host, host));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      agent: false,
      headers: { 'user-agent': 'analysis-platform-api', accept: '*/*' },
      ...(policy.allowPrivate ? {} : { lookup: guardedLookup(policy) }),
    });
    const checkPeer = (socket: Socket): boolean => {
      const peer = socket.remoteAddress;
      if (!peer || permits(policy, peer)) return true;
      request.destroy(refusedAddress(host, peer));
      return false;
    };
    // The peer is checked again once connected (a second guard besides the lookup).
    request.on('socket', (socket: Socket) => socket.once('connect', () => checkPeer(socket)));
    request.setTimeout(policy.idleTimeoutMs ?? 5 * 60_000, () => request.destroy(new UrlFetchError('network', 'the server did not answer in time')));
    request.on('response', (response) => (checkPeer(response.socket) ? resolve(response) : response.destroy()));
    request.on('error', (error) => reject(error instanceof UrlFetchError ? error : new UrlFetchError('network', error.message)));
    request.end();
  });
}

/**
 * Opens a http(s) URL under the policy, following a bounded number of redirects (each target is
 * checked like the first); resolves with a 2xx answer whose body the caller reads or destroys.
 */
export async function openUrl(start: URL, policy: UrlFetchPolicy): Promise<IncomingMessage> {
  const maxRedirects = policy.maxRedirects ?? 5;
  let url = start;
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlFetchError('scheme', `${url.protocol} URLs are not fetched`);
    const response = await requestOnce(url, policy);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.resume();
      if (hop >= maxRedirects) throw new UrlFetchError('redirects', `more than ${maxRedirects} redirects`);
      try {
        url = new URL(location, url);
      } catch {
        throw new UrlFetchError('network', `an invalid redirect address: ${location}`);
      }
      continue;
    }
    if (status < 200 || status > 299) {
      response.resume();
      throw new UrlFetchError('status', `HTTP ${status}`, status);
    }
    return response;
  }
}
