/** The door of the tools area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './store-upload';
export * from './tool-catalog.service';
export * from './tool-execution.service';
export * from './upload-items';
export * from './tool-set-changes';
