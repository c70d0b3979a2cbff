/** The door of the pages area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './page-view';
export * from './page.service';
export * from './page-embeds';
export * from './page-embed-reads';
