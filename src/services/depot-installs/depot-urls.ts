/**
 * The depots an operator allows (DEPOT_URLS): a URL given by a caller is matched against them before
 * any request is made, and what is fetched is always the configured address, never the given text.
 */

/** One allowed depot: the address requests go to (no trailing slash) and its `host[:port]`. */
export interface AllowedDepot {
  base: string;
  hostPort: string;
}

/** `http(s)://host[:port][/path]` without credentials, query or fragment; null for anything else. */
export function parseDepotUrl(raw: string): AllowedDepot | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return { base: `${url.protocol}//${url.host}${path}`, hostPort: url.host };
}

/** `host[:port]` as written without a protocol (the form clone URLs and `tool_shed` fields use). */
function bareHostPort(raw: string): string | null {
  const text = raw.trim().replace(/\/+$/, '').toLowerCase();
  return /^[a-z0-9.-]+(:\d+)?$/.test(text) ? text : null;
}

export class DepotAllowList {
  private readonly depots: AllowedDepot[];

  constructor(urls: readonly string[]) {
    this.depots = urls.map((url) => parseDepotUrl(url)).filter((depot): depot is AllowedDepot => depot !== null);
  }

  /** Every allowed depot, in the order DEPOT_URLS lists them. */
  all(): readonly AllowedDepot[] {
    return this.depots;
  }

  get size(): number {
    return this.depots.length;
  }

  /**
   * The allowed depot a caller's URL names: the same address (any trailing slash), or, for a bare
   * `host[:port]` as some installers send, the depot of that host. Null when it is not allowed.
   */
  match(given: string): AllowedDepot | null {
    const parsed = parseDepotUrl(given);
    if (parsed) return this.depots.find((depot) => depot.base === parsed.base) ?? null;
    const hostPort = bareHostPort(given);
    return hostPort === null ? null : (this.depots.find((depot) => depot.hostPort === hostPort) ?? null);
  }

  /** The allowed depot whose `host[:port]` is the given one (a repository dependency's depot). */
  byHost(hostPort: string): AllowedDepot | null {
    const wanted = bareHostPort(hostPort);
    return wanted === null ? null : (this.depots.find((depot) => depot.hostPort === wanted) ?? null);
  }
}

/** The `host[:port]` part of a URL (a clone URL's depot), or null. */
export function hostPortOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host || null;
  } catch {
    return bareHostPort(url);
  }
}
