import { createServer, type Server, type Socket, connect } from 'node:net';

/** Where a PostgreSQL URL's server listens: host and port, or a Unix socket (`host` a directory). */
function targetOf(url: URL): { path: string } | { host: string; port: number } {
  const socketDir = url.searchParams.get('host') ?? (url.hostname === '' ? null : url.hostname.startsWith('%2F') ? decodeURIComponent(url.hostname) : null);
  const port = Number(url.port || 5432);
  if (socketDir && socketDir.startsWith('/')) return { path: `${socketDir}/.s.PGSQL.${port}` };
  return { host: url.hostname, port };
}

export interface PausableProxy {
  /** The database URL through the proxy (TCP on 127.0.0.1), the same user, password and database. */
  url: string;
  /** The database goes away: every connection through the proxy is cut, new ones are refused. */
  pause(): Promise<void>;
  /** The database is back: connections are accepted again, on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a PostgreSQL server, for tests of a database that goes away and comes back
 * without stopping the server that other tests share.
 */
export async function startPausableProxy(databaseUrl: string): Promise<PausableProxy> {
  const source = new URL(databaseUrl);
  const target = targetOf(source);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const made = createServer((client) => {
        const upstream = 'path' in target ? connect(target.path) : connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      made.once('error', reject);
      made.listen(port, '127.0.0.1', () => {
        server = made;
        const address = made.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  const through = new URL(databaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  through.searchParams.delete('host');
  return { url: through.toString(), pause: stop, resume: listen, close: stop };
}
