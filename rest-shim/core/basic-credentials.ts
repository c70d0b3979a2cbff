/** Basic credentials, with or without the `Basic ` prefix (the platform's tests send it bare). */
export function basicCredentials(header: string | undefined): { email: string; password: string } {
  const encoded = (header ?? '').replace(/^Basic\s+/i, '').trim();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const split = decoded.indexOf(':');
  if (split < 0) return { email: decoded, password: '' };
  return { email: decoded.slice(0, split), password: decoded.slice(split + 1) };
}
