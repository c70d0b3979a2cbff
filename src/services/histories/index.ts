/** The door of the histories area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './histories-page';
export * from './history-access';
export * from './history-actions';
export * from './history-citations';
export * from './history-export.service';
export * from './history-import.service';
export * from './history-item-events';
export * from './history-state';
export * from './history-view';
export * from './history.loaders';
export * from './history.service';
export * from './history-update';
