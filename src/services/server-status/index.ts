/** The door of the server status area (issue 36, the Server screen): what other rooms may use of it (docs/architecture.md, Doors). */
export * from './configuration-in-force';
export * from './disk-use';
export * from './process-heartbeat';
export * from './server-status';
export * from './slurm-reachability';
