/**
 * Errors of the history archive format. Plain Error subclasses so this module stays free of the
 * API layer; the caller maps them to the contract's error kinds.
 */

/** The archive is not a well-formed or safe history archive. */
export class ArchiveFormatError extends Error {
  override readonly name = 'ArchiveFormatError';
}

/** The archive source (URL or server path) may not or could not be fetched. */
export class ArchiveSourceError extends Error {
  override readonly name = 'ArchiveSourceError';
}
