/**
 * The door of the history-mutations area: creating, copying, updating, deleting and purging
 * histories. It sits above the datasets and collections it copies and purges, which the histories
 * area (views, access, the current history) sits below (docs/architecture.md, Doors).
 */
export * from './history-mutation.service';
