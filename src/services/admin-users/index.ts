/** The door of the admin-users area: the administrators' work on users (issue 36's Users screens). */
export * from './impersonation';
export * from './user-deletion';
export * from './user-disk-usage';
export * from './user-edits';
export * from './user-purge';
export * from './user-target';
export * from './users-page';
