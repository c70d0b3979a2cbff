/** This service's version (package.json). */
export const SERVICE_VERSION = (require('../../../package.json') as { version: string }).version;
