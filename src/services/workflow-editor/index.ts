/** The door of the workflow editor's rules: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './create-workflow';
export * from './datatype-acceptance';
export * from './post-job-action-definitions';
