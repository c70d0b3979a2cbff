/** States in which a dataset's job failed (the platform's error states). */
export const FAILED_STATES: ReadonlySet<string> = new Set(['error', 'failed_metadata']);

/** States a dataset leaves no more by itself (an upload screen stops following it). */
export const SETTLED_STATES: ReadonlySet<string> = new Set(['ok', 'empty', 'error', 'failed_metadata', 'discarded', 'paused', 'deferred']);

/** A failed dataset, or one whose job was discarded: what an upload reports as failed. */
export const isFailure = (state: string): boolean => FAILED_STATES.has(state) || state === 'discarded';

/** A dataset that failed before anything was written has nothing to download (a URL that could not be fetched). */
export const hasNothingToDownload = (dataset: { state: string; fileSize: number }): boolean => FAILED_STATES.has(dataset.state) && dataset.fileSize === 0;
