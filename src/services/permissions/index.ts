/** The door of the permissions area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './permission-rules';
export * from './permission.service';
export * from './role-lookup';
export * from './valid-roles';
