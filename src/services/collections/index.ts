/** The door of the collections area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './collection-builder';
export * from './collection-copy';
export * from './collection-elements';
export * from './collection-rows';
export * from './collection.loaders';
export * from './hdca-view';
export * from './hdca.service';
export * from './history-item-read';
export * from './history-items';
export * from './history-items-page';
export * from './history-items-stream';
export * from './readable-elements';
export * from './history-item-filter';
