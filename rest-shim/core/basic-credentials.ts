import { AppError } from '../../src/errors/error-kinds';

/**
 * Basic credentials, with or without the `Basic ` prefix (the platform's tests send it bare). Text
 * that does not decode to `email:password`, or holds NUL characters, is refused as the platform
 * refuses undecodable credentials: ActionInputError (400).
 */
export function basicCredentials(header: string | undefined): { email: string; password: string } {
  const encoded = (header ?? '').replace(/^Basic\s+/i, '').trim();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const split = decoded.indexOf(':');
  if (split < 0 || decoded.includes('\u0000')) throw new AppError('ActionInputError');
  return { email: decoded.slice(0, split), password: decoded.slice(split + 1) };
}
