/** The door of the tool-data area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './tool-data.service';
