/** The door of the sessions area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './session.service';
export * from './sign-in-limiter';
export * from './sign-in-refusals';
