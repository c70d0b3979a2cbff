/** Why a URL could not be fetched; callers turn it into their own messages and error kinds. */
export type UrlFetchFailure = 'refused' | 'status' | 'too-large' | 'network' | 'redirects' | 'scheme';

export class UrlFetchError extends Error {
  override readonly name = 'UrlFetchError';

  constructor(
    readonly kind: UrlFetchFailure,
    message: string,
    /** The HTTP status, for kind 'status'. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The URL without credentials or query, fit for an error message. */
export function describeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

export function refusedAddress(host: string, address: string): UrlFetchError {
  const shown = host === address ? address : `${host} (${address})`;
  return new UrlFetchError('refused', `${shown} is not a public address; this server fetches only public addresses (ALLOW_PRIVATE_URL_FETCH)`);
}
