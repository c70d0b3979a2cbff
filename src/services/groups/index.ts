/** The door of the groups area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './group-membership.service';
export * from './group.service';
export * from './group-lifecycle';
