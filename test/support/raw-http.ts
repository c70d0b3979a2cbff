import type { Express } from 'express';
import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';

/**
 * Sends raw request bytes (ones an HTTP client library refuses to send, such as NUL in a header) to
 * the application served as `npm start` serves it, and answers the status line's code of the reply.
 */
export async function rawRequestStatus(app: Express, request: string): Promise<number> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(reply);
    if (!status) throw new Error(`no HTTP reply: ${JSON.stringify(reply.slice(0, 200))}`);
    return Number(status[1]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A request whose reply is read no further than its first bytes: the status, and a way to go away. */
export interface StalledReply {
  status: number;
  /** Closes the connection, the reply unread (a client that went away mid-answer). */
  destroy: () => void;
}

/**
 * Sends a GET and reads only the reply's first chunk (its status line), then stops reading from the
 * socket. Unread, the kernel's receive window stays at its first size (autotuning grows it only as the
 * reader reads), so a reply of a few megabytes cannot be sent whole: the server waits on backpressure
 * until `destroy`. An http.get client, which keeps reading into its own buffers, gives no such bound.
 */
export function stalledGet(port: number, path: string): Promise<StalledReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(chunk.toString('latin1', 0, 32));
      if (!status) return reject(new Error(`no HTTP reply: ${JSON.stringify(chunk.toString('latin1', 0, 200))}`));
      resolve({ status: Number(status[1]), destroy: () => socket.destroy() });
    });
    socket.on('error', reject);
  });
}

/** The application listening on a port of its own (for raw-socket clients), and how to stop it. */
export interface ListeningApp {
  port: number;
  close(): Promise<void>;
}

/** Serves `app` on a free local port, as `npm start` serves it; `close` also ends open connections. */
export async function listenOnFreePort(app: Express): Promise<ListeningApp> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
