import { basicCredentials } from '../../core/basic-credentials';
import { route, type RouteArea } from '../../core/route';

/** Routes around the contract that every client uses: version, configuration and key retrieval (the OpenAPI route is added by the shim). */
export const platformArea: RouteArea = {
  area: 'platform',
  routes: [
    route<{ version: { major: string; minor: string } }>({
      method: 'get',
      path: '/api/version',
      access: 'anonymous',
      operation: 'query { version { major minor } }',
      shape: (data) => ({ version_major: data.version.major, version_minor: data.version.minor }),
    }),
    route<{ configuration: Record<string, unknown> }>({
      method: 'get',
      path: '/api/configuration',
      access: 'anonymous',
      operation: 'query { configuration }',
      shape: (data) => data.configuration,
    }),
    route<{ authenticate: string }>({
      method: 'get',
      path: '/api/authenticate/baseauth',
      access: 'anonymous',
      operation: 'mutation ($email: String!, $password: String!) { authenticate(email: $email, password: $password) }',
      variables: (input) => basicCredentials(input.header('authorization')),
      shape: (data) => ({ api_key: data.authenticate }),
    }),
  ],
};
