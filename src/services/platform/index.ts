/** The door of the platform area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './platform-configuration';
