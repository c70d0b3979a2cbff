/** The door of the quotas area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './quota-display';
export * from './quota-limits';
export * from './quota.service';
