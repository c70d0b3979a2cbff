/** The door of the job administration area (issue 36): what other rooms may use of it (docs/architecture.md, Doors). */
export * from './cancel-jobs';
export * from './job-count-events';
export * from './job-counts';
export * from './job-lock';
export * from './destination-memory';
