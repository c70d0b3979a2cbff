/** The door of the history selection area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './bulk-change';
export * from './history-selection.service';
export * from './selection';
export * from './selection-collection';
