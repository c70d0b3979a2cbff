import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { depotClient, DepotRequestError } from '../../../src/services/depot-installs/depot-client';

/** What a depot may do wrong reaches the install services as DepotRequestError (their 4xx answers), never as another error. */
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/cut') {
      // Promises more than it sends, then goes away mid-answer.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial": ');
      setTimeout(() => res.socket?.destroy(), 20);
    } else if (req.url === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('not json');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('depotClient.getJson', () => {
  it('reports an answer cut off mid-body as a depot failure', async () => {
    await expect(depotClient.getJson(`${base}/cut`)).rejects.toThrow(DepotRequestError);
  });

  it('reports an answer that is not JSON, and an HTTP error, as depot failures', async () => {
    await expect(depotClient.getJson(`${base}/text`)).rejects.toThrow(new DepotRequestError('the depot did not answer JSON'));
    await expect(depotClient.getJson(`${base}/missing`)).rejects.toThrow(DepotRequestError);
  });
});
