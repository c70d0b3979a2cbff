/** The door of the sharing area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './shareable-access';
export * from './shareable-kinds';
export * from './shareable-slug';
export * from './sharing.service';
export * from './slug-address';
