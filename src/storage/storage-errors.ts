import { RetryLaterError } from '../errors/error-kinds';

/** The file system has no room left (the disk, or the user's quota of it). */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);

export function isNoRoom(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && NO_ROOM.has(code);
}

/** Absolute paths in a message (`'/srv/data/objects/…'`), which name the server's layout to nobody's benefit. */
const ABSOLUTE_PATH = /(['"]?)\/(?:[^\s'"/]+\/)*[^\s'"/]*\1/g;

/**
 * What a person is told of a failure to store a file: that the server has no room left, or the
 * error's own words with any server path left out.
 */
export function storageFailureText(error: unknown): string {
  if (isNoRoom(error)) return "The server's disk has no room left for this data; try again later, or ask the administrator.";
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(ABSOLUTE_PATH, '(a server file)');
}

/** The answer to an upload the disk has no room for: 503 with a time to retry (the space may be freed), never a bare 500. */
export function noRoomForUpload(): RetryLaterError {
  return new RetryLaterError("The server's disk has no room left for this upload; try again later, or ask the administrator.", 60, 'ServiceUnavailable');
}
