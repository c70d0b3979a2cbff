/** History export/import archives in the platform's 15.05 layout. */
export { ArchiveFormatError, ArchiveSourceError } from './errors';
export { DOWNLOAD_PREFIX, fetchArchiveSource, type FetchArchiveOptions } from './fetch-source';
export { readHistoryArchive, type HistoryArchiveContent, type ReadArchiveOptions } from './read-archive';
export {
  DEFAULT_MAX_ARCHIVE_BYTES,
  DEFAULT_MAX_MEMBERS,
  type DatasetArchiveAttrs,
  type HistoryArchiveAttrs,
  type JobArchiveAttrs,
} from './types';
export { writeHistoryArchive, type HistoryArchiveInput, type WriteArchiveOptions } from './write-archive';
