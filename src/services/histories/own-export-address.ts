/** The encoded ids of this server's own export download address, as `PUT .../exports` answers it. */
export interface OwnExportAddress {
  historyId: string;
  exportId: string;
}

const EXPORT_PATH = /^\/api\/histories\/([^/]+)\/exports\/([^/]+)\/?$/;

/** `host:port` in lower case, default ports dropped, as URL.host spells it; null if unusable. */
function normalHost(host: string): string | null {
  try {
    return new URL(`http://${host}`).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Recognises a history import URL that is this server's own export download address: the host the
 * request was sent to (any scheme: a proxy may end TLS) and the export path. Such an archive is
 * read from storage rather than fetched over HTTP, which a default install refuses for its own
 * (private) address.
 */
export function ownExportAddress(source: string, requestHost: string | null): OwnExportAddress | null {
  if (requestHost === null) return null;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const match = EXPORT_PATH.exec(url.pathname);
  if (!match?.[1] || !match[2] || url.host.toLowerCase() !== normalHost(requestHost)) return null;
  try {
    return { historyId: decodeURIComponent(match[1]), exportId: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
}
