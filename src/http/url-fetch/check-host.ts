import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { UrlFetchPolicy } from './open-url';
import { permits } from './open-url';
import { refusedAddress } from './url-fetch-error';

/**
 * Refuses early (when a request is made, before any background fetch) a URL whose host is, or
 * resolves to, an address the policy does not permit. The fetch itself checks again: this only
 * gives the caller a clear answer now. A name that does not resolve is left to the fetch.
 */
export async function checkUrlHost(url: URL, policy: UrlFetchPolicy): Promise<void> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then((found) => found.map((entry) => entry.address), () => []);
  const refused = addresses.find((address) => !permits(policy, address));
  if (refused) throw refusedAddress(host, refused);
}
