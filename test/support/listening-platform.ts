import type { AddressInfo, Server } from 'node:net';
import type { TestPlatform, TestUser } from './test-platform';

/** A test platform listening on a port of 127.0.0.1 (the WebSocket door needs a real server). */
export interface Listening {
  server: Server;
  port: number;
  /** ws://127.0.0.1:<port>/graphql */
  socketUrl: string;
  /** http://127.0.0.1:<port>, the origin of the service's own pages. */
  origin: string;
  close(): Promise<void>;
}

export async function listen(h: TestPlatform): Promise<Listening> {
  const server = h.platform.http.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    socketUrl: `ws://127.0.0.1:${port}/graphql`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LOGIN = 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { email } }';

/** Signs a user in through the graph's `login`: answers the `cookie` header a browser would send from then on. */
export async function signIn(h: TestPlatform, user: TestUser): Promise<string> {
  const res = await h.api.post('/graphql').send({ query: LOGIN, variables: { email: user.email, password: user.password } });
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const session = cookies.find((cookie) => cookie.startsWith('galaxysession='));
  if (res.body.errors || !session) throw new Error(`cannot sign ${user.email} in: ${JSON.stringify(res.body)}`);
  return session.split(';')[0];
}
