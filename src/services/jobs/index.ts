/** The door of the jobs area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './job-access';
export * from './job-attempts';
export * from './dataset-resubmitted';
export * from './job-files.service';
export * from './job-view';
export * from './job.loaders';
export * from './job.service';
export * from './jobs-page';
export * from './provenance';
export * from './remote-jobs.service';
export * from './job-details';
export * from './job-parameters';
export * from './rerun-state';
