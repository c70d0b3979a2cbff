/**
 * A cursor of a keyset page whose position is a short JSON array (a folder listing's kind, name and
 * id; a recursive library listing's step), opaque (base64url) to clients.
 */
export function jsonCursorOf(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** What a cursor holds, or null when it is not one of ours (the caller refuses it with its own words). */
export function jsonCursorValue(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}
