/** The door of the usage area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './disk-usage';
