/** The door of the roles area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './held-roles';
export * from './role.service';
export * from './role-editing';
export * from './role-page';
