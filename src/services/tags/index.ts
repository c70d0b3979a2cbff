/** The door of the tags area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './tag-text';
export * from './tag.loaders';
export * from './tag.service';
