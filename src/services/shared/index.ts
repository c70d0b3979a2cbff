/** The door of the shared area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './admin.loaders';
export * from './decode-id';
export * from './json-cursor';
export * from './load-all';
export * from './lru-memo';
export * from './membership-visibility';
export * from './messages';
export * from './page-size';
export * from './safe-html';
export * from './sanitize';
export * from './time-cursor';
export * from './date-bound';
