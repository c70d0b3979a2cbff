import { basicCredentials } from '../../../core/basic-credentials';
import { route, type RouteArea } from '../../../core/route';

/** The depot's user record (its `to_dict`: id and username only). */
const USER = /* GraphQL */ `
  id
  username
`;

interface UserData {
  id: string;
  username: string;
}

const userRecord = (user: UserData) => ({ model_class: 'User', id: user.id, username: user.username, url: `/api/users/${user.id}` });

/** Accounts of the depot: what publishing clients call to get a key (basic authentication). */
export const depotUsersArea: RouteArea = {
  area: 'depot_users',
  routes: [
    route<{ users: UserData[] }>({
      method: 'get',
      path: '/api/users',
      access: 'anonymous',
      operation: `query ($deleted: Boolean) { users(deleted: $deleted) { ${USER} } }`,
      variables: (input) => ({ deleted: input.bool('deleted') }),
      shape: (data) => data.users.map(userRecord),
    }),
    route<{ createUser: UserData }>({
      method: 'post',
      path: '/api/users',
      access: 'admin',
      operation: `mutation ($input: DepotUserInput!) { createUser(input: $input) { ${USER} } }`,
      variables: (input) => ({ input: { email: input.string('email'), username: input.string('username'), password: input.string('password') } }),
      shape: (data) => ({ ...userRecord(data.createUser), message: `User '${data.createUser.username}' has been created.` }),
    }),
    route<{ user: UserData }>({
      method: 'get',
      path: '/api/users/:user_id',
      access: 'anonymous',
      operation: `query ($id: ID!) { user(id: $id) { ${USER} } }`,
      variables: (input) => ({ id: input.path.user_id }),
      shape: (data) => userRecord(data.user),
    }),
    route<{ createApiKey: string }>({
      method: 'post',
      path: '/api/users/:user_id/api_key',
      access: 'admin',
      operation: 'mutation ($userId: ID!) { createApiKey(userId: $userId) }',
      variables: (input) => ({ userId: input.path.user_id }),
      shape: (data) => data.createApiKey,
    }),
    route<{ authenticate: string }>({
      method: 'get',
      path: '/api/authenticate/baseauth',
      access: 'anonymous',
      operation: 'mutation ($login: String!, $password: String!) { authenticate(login: $login, password: $password) }',
      variables: (input) => {
        const { email, password } = basicCredentials(input.header('authorization'));
        return { login: email, password };
      },
      shape: (data) => ({ api_key: data.authenticate }),
    }),
  ],
};
