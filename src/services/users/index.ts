/** The door of the users area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './owner-visibility';
export * from './user-input-validation';
export * from './user-view';
export * from './user.loaders';
export * from './user.service';
