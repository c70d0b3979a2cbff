/** The depot's tables live in their own PostgreSQL schema, beside the platform's `public`. */
export const DEPOT_SCHEMA = 'depot';
