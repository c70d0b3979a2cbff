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
