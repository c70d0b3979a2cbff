/** The door of the audit log area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './record-admin-action';
export * from './audit-log-page';
