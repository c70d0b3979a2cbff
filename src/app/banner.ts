import type { AppConfig } from '../config/app-config';

/** What `npm start` prints once it serves: where, and (until one exists) how to get a first administrator key. */
export function startBanner(config: AppConfig, processes: number, administratorExists: boolean): string {
  const url = `http://localhost:${config.port}`;
  const firstAdministrator = [
    '  First administrator key:',
    config.adminUsers.length
      ? `    1. administrators are ${config.adminUsers.join(', ')} (ADMIN_USERS); create that user:`
      : '    1. stop, start again with ADMIN_USERS=<admin email> (administrators are the emails listed there), then create that user:',
    `    2. curl -X POST ${url}/api/users -d key=<master key> -d username=admin -d email=<admin email> -d password=<password>`,
    `    3. curl -X POST "${url}/api/users/<id from the reply>/api_key?key=<master key>"   (the reply is the administrator's key)`,
    '    (or, in another terminal: npm run admin -- create-user --email … --password …)',
  ];
  const lines = [
    '',
    `  Platform API:  ${url}/api      GraphQL: ${url}/graphql      GraphiQL (admins): ${url}/graphiql?key=<admin key>`,
    `  Web UI:        ${url}/      (about the API: ${url}/about)`,
    config.depotPort !== 0
      ? `  Depot:         http://localhost:${config.depotPort}/api      GraphQL: http://localhost:${config.depotPort}/graphql      (DEPOT_PORT; 0 leaves it out)`
      : '  Depot:         not served (DEPOT_PORT=0)',
    `  Server processes: ${processes}${processes > 1 ? ' (WEB_CONCURRENCY), sharing the port and the database' : ''}`,
    config.masterApiKeyGenerated
      ? `  Master API key (generated now, kept in ${config.dataDir}/master_api_key; shown once): ${config.masterApiKey}`
      : `  Master API key: set by MASTER_API_KEY or kept in ${config.dataDir}/master_api_key`,
    ...(administratorExists ? [`  Administrators (ADMIN_USERS): ${config.adminUsers.join(', ')}`] : firstAdministrator),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

/** The key generated at a start that cannot serve is still shown, or it would never be. */
export function generatedKeyNotice(config: AppConfig): string {
  return config.masterApiKeyGenerated ? `  Master API key (generated now, kept in ${config.dataDir}/master_api_key): ${config.masterApiKey}\n` : '';
}
