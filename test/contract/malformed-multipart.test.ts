import { readdirSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractEndpoints } from '../../rest-shim/core/contract-endpoints';
import { IdCodec } from '../../src/ids/id-codec';
import { eventually } from '../support/history-helpers';
import { DEPOT_ID_SECRET, startTestDepot, type TestDepot } from '../support/test-depot';
import { DEFAULT_ID_SECRET, startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * Multipart bodies are read before any route runs (clients send `key` as a form field), on every
 * `/api` route of both applications, on the platform's `/datasets` web routes and on both `/graphql`
 * endpoints. A truncated, malformed or oversized body, or a client that goes away mid-upload, costs
 * one 400 of the contract's kind (or nothing), never the process, and leaves no file behind.
 */

const LIMIT = 2000;
const BOUNDARY = 'XB';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

let h: TestPlatform;
let depot: TestDepot;
let platformServer: Server;
let platformPort: number;
let depotPort: number;

beforeAll(async () => {
  h = await startTestPlatform({ MAX_UPLOAD_BYTES: String(LIMIT) });
  depot = await startTestDepot({ MAX_UPLOAD_BYTES: String(LIMIT) }, { listen: true });
  depotPort = Number(new URL(depot.url!).port);
  platformServer = h.platform.http.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => platformServer.once('listening', resolve));
  platformPort = (platformServer.address() as AddressInfo).port;
});
afterAll(async () => {
  platformServer.closeAllConnections();
  await new Promise((resolve) => platformServer.close(resolve));
  await depot.close();
  await h.close();
});

interface Answer {
  status: number;
  text: string;
}

/** One raw request (any bytes, any method); a reset connection answers status 0 with the error. */
function send(port: number, method: string, path: string, contentType: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method,
      path,
      headers: { 'content-type': contentType, 'content-length': String(body.length), 'apollo-require-preflight': 'true' },
    });
    req.on('error', (error) => resolve({ status: 0, text: error.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => resolve({ status: 0, text: error.message }));
    });
    req.end(body);
  });
}

/** Sends the headers and the start of an upload announced as larger, then destroys the socket. */
function abortMidUpload(port: number, method: string, path: string, firstPart: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method,
      path,
      headers: { 'content-type': MULTIPART, 'content-length': String(1024 * 1024), 'apollo-require-preflight': 'true' },
    });
    req.on('error', () => resolve());
    req.write(firstPart, () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50),
    );
  });
}

/** The error code of a REST error body (`err_code`) or of a GraphQL one (`errors[0].extensions.errCode`). */
function errCodeOf(answer: Answer): unknown {
  const body = JSON.parse(answer.text) as { err_code?: number; errors?: Array<{ extensions?: { errCode?: number } }> };
  return body.err_code ?? body.errors?.[0]?.extensions?.errCode;
}

const part = (headers: string, content: string | Buffer) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
const file = (name: string, content: string | Buffer, filename = 'a.txt') => part(`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, content);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const form = (...parts: Buffer[]) => Buffer.concat([...parts, closing]);

interface BodyCase {
  name: string;
  body: Buffer;
  contentType?: string;
}

/** Bodies no route may accept: each is one 400 (400008), whatever the route. */
const MALFORMED: BodyCase[] = [
  { name: 'a file part cut off before the closing boundary', body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nabc`) },
  { name: 'a field cut off before the closing boundary', body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc`) },
  { name: 'a body cut off inside a part header', body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`) },
  { name: 'a body whose boundary is not the one the Content-Type names', body: Buffer.from(`--YY\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--YY--\r\n`) },
  { name: 'a Content-Type without boundary', contentType: 'multipart/form-data', body: form(field('a', 'x')) },
  { name: 'part headers not followed by a blank line', body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\nabc\r\n--${BOUNDARY}--\r\n`) },
  { name: 'several malformed part headers', body: Buffer.from(`--${BOUNDARY}\r\nno colon\r\n\r\nx\r\n--${BOUNDARY}\r\nnone here\r\n\r\ny\r\n--${BOUNDARY}--\r\n`) },
  { name: 'garbage', body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)) },
  { name: 'a part header longer than 16 KB', body: form(field('n'.repeat(20_000), 'x')) },
  { name: 'a file over the upload limit', body: form(field('key', 'x'), file('file', Buffer.alloc(LIMIT * 3, 'a'))) },
  { name: 'more than 100 file parts', body: form(...Array.from({ length: 101 }, (_, i) => file(`files_${i}|file_data`, 'x'))) },
  { name: 'more than 1000 fields', body: form(...Array.from({ length: 1001 }, (_, i) => field(`f${i}`, 'x'))) },
];

/** Bodies that are odd but well-formed: the route answers them as it answers any input (never a 500). */
const ODD_BUT_WELL_FORMED: BodyCase[] = [
  { name: 'an empty body', body: Buffer.alloc(0) },
  { name: 'a field name of 10,000 characters', body: form(field('n'.repeat(10_000), 'x')) },
  { name: 'parts without a name', body: form(part('Content-Disposition: form-data', 'x'), part('Content-Disposition: form-data; filename="a"', 'y')) },
  { name: 'a part with no Content-Disposition', body: form(part('Content-Type: text/plain', 'x')) },
];

interface Entry {
  method: string;
  path: string;
}
interface Application {
  name: string;
  /** Its rows in the contract's endpoint list, and an encoded id for their path parameters. */
  contractApp: 'platform' | 'depot';
  id: string;
  port: () => number;
  /** Every route that takes files or form fields, and a sample of routes that read no body. */
  entries: () => Entry[];
  uploadStore: () => string;
  /** A cheap request that must answer 200 while the process serves. */
  alive: Entry;
}

const platformId = new IdCodec(DEFAULT_ID_SECRET).encode(1);
const depotId = new IdCodec(DEPOT_ID_SECRET).encode(1);

const APPLICATIONS: Application[] = [
  {
    name: 'the platform',
    contractApp: 'platform',
    id: platformId,
    port: () => platformPort,
    entries: () => [
      { method: 'POST', path: '/api/tools' },
      { method: 'POST', path: '/api/histories' },
      { method: 'POST', path: `/api/libraries/${platformId}/contents` },
      { method: 'PATCH', path: `/api/libraries/datasets/${platformId}` },
      { method: 'POST', path: `/api/jobs/${platformId}/files` },
      { method: 'POST', path: '/graphql' },
      { method: 'GET', path: '/api/histories' },
      { method: 'DELETE', path: `/api/histories/${platformId}` },
      { method: 'GET', path: `/datasets/${platformId}/display` },
      { method: 'POST', path: '/api/no/such/route' },
    ],
    uploadStore: () => h.platform.services.layout.uploadStore,
    alive: { method: 'GET', path: '/api/version' },
  },
  {
    name: 'the depot',
    contractApp: 'depot',
    id: depotId,
    port: () => depotPort,
    entries: () => [
      { method: 'POST', path: '/api/categories' },
      { method: 'POST', path: `/api/repositories/${depotId}/changeset_revision` },
      { method: 'POST', path: '/api/repositories' },
      { method: 'POST', path: '/graphql' },
      { method: 'GET', path: '/api/repositories' },
      { method: 'PUT', path: `/api/repositories/${depotId}` },
    ],
    uploadStore: () => depot.depot.services.layout.uploadStore,
    alive: { method: 'GET', path: '/api/categories' },
  },
];

async function expectServingWithNoFileLeft(app: Application): Promise<void> {
  const alive = await send(app.port(), app.alive.method, app.alive.path, 'application/json', Buffer.alloc(0));
  expect(alive.status).toBe(200);
  await eventually(async () => readdirSync(app.uploadStore()).length === 0 || undefined, 3000, `an empty upload store on ${app.name}`);
}

describe.each(APPLICATIONS)('malformed multipart bodies on $name', (app) => {
  it.each(MALFORMED)('$name: one 400 (400008) on every entry point, and the process still serves', async ({ body, contentType }) => {
    const answers: string[] = [];
    for (const entry of app.entries()) {
      const answer = await send(app.port(), entry.method, entry.path, contentType ?? MULTIPART, body);
      // The answer names the fault and never echoes the body back.
      expect(answer.text.length).toBeLessThan(1000);
      answers.push(`${entry.method} ${entry.path}: ${answer.status} ${answer.status === 0 ? answer.text : errCodeOf(answer)}`);
    }
    expect(answers).toEqual(app.entries().map((entry) => `${entry.method} ${entry.path}: 400 400008`));
    await expectServingWithNoFileLeft(app);
  });

  it("a cut-off upload on every route of the contract's list: one 400 (400008) each, and the process still serves", async () => {
    const routes = contractEndpoints().filter((endpoint) => endpoint.app === app.contractApp);
    expect(routes.length).toBeGreaterThan(0);
    const answers: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'folder_id' ? `F${app.id}` : app.id));
      const answer = await send(app.port(), route.method, path, MULTIPART, MALFORMED[0].body);
      answers.push(`${route.method} ${route.path}: ${answer.status} ${answer.status === 0 ? answer.text : errCodeOf(answer)}`);
    }
    expect(answers).toEqual(routes.map((route) => `${route.method} ${route.path}: 400 400008`));
    await expectServingWithNoFileLeft(app);
  });

  it.each(ODD_BUT_WELL_FORMED)('$name: answered by the route as any input (no 500), and the process still serves', async ({ body }) => {
    for (const entry of app.entries()) {
      const answer = await send(app.port(), entry.method, entry.path, MULTIPART, body);
      expect(`${entry.method} ${entry.path}: ${answer.status}`).toMatch(/: [24]\d\d$/);
    }
    await expectServingWithNoFileLeft(app);
  });

  it('form fields over 10 MB in all: one 400 on a route that reads fields and on /graphql', async () => {
    const big = form(field('name', 'a'.repeat(6 * 1024 * 1024)), field('annotation', 'b'.repeat(6 * 1024 * 1024)));
    for (const entry of app.entries().filter((candidate) => candidate.method === 'POST').slice(0, 1).concat({ method: 'POST', path: '/graphql' })) {
      const answer = await send(app.port(), entry.method, entry.path, MULTIPART, big);
      expect(answer.status).toBe(400);
      expect(errCodeOf(answer)).toBe(400008);
      expect(answer.text).toMatch(/larger than 10485760 bytes/);
    }
    await expectServingWithNoFileLeft(app);
  });

  it('a client that goes away mid-upload costs nothing: no answer, no file left, the process still serves', async () => {
    const head = Buffer.concat([field('tool_id', 'upload1'), Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n`)]);
    for (const entry of app.entries()) await abortMidUpload(app.port(), entry.method, entry.path, Buffer.concat([head, Buffer.alloc(LIMIT / 2, 'a')]));
    await expectServingWithNoFileLeft(app);
  });
});

/** A GraphQL multipart request (graphql-multipart-request-spec): `operations`, `map`, then the files. */
const graphForm = (operations: string, map: string, files: Buffer[] = [file('0', 'x')]) => form(field('operations', operations), field('map', map), ...files);
const TYPENAME = JSON.stringify({ query: '{ __typename }', variables: { a: null, list: [null], deep: { a: { b: { c: {} } } } } });

interface GraphCase {
  name: string;
  body: () => Buffer;
  message: RegExp;
}

const INVALID_GRAPH_REQUESTS: GraphCase[] = [
  { name: 'operations=nope', body: () => graphForm('nope', '{}'), message: /'operations' field .* is not valid JSON/ },
  { name: 'operations that are not an object', body: () => graphForm('5', '{}'), message: /'operations' field must be a JSON object/ },
  { name: 'no operations field', body: () => form(field('map', '{}'), file('0', 'x')), message: /has no 'operations' field/ },
  { name: 'map=nope', body: () => graphForm(TYPENAME, 'nope'), message: /'map' field .* is not valid JSON/ },
  { name: 'a map that is a list', body: () => graphForm(TYPENAME, '[["variables.a"]]'), message: /'map' field must be a JSON object/ },
  { name: 'a map entry that is not a list', body: () => graphForm(TYPENAME, '{"0": "variables.a"}'), message: /must be a non-empty list of paths/ },
  { name: 'a map naming a file part the request lacks', body: () => graphForm(TYPENAME, '{"7": ["variables.a"]}'), message: /names the file part '7', which the request does not hold/ },
  { name: 'a map path ending in __proto__', body: () => graphForm(TYPENAME, '{"0": ["variables.deep.a.b.c.__proto__"]}'), message: /may not name '__proto__'/ },
  { name: 'a map path through __proto__', body: () => graphForm(TYPENAME, '{"0": ["variables.deep.__proto__.polluted"]}'), message: /may not name '__proto__'/ },
  { name: 'a map path through constructor.prototype', body: () => graphForm(TYPENAME, '{"0": ["variables.deep.constructor.prototype.polluted"]}'), message: /may not name 'constructor'/ },
  { name: 'a map path through a missing entry', body: () => graphForm(TYPENAME, '{"0": ["variables.nothing.here"]}'), message: /does not lead to an object/ },
  { name: "a map path to a list's length", body: () => graphForm(TYPENAME, '{"0": ["variables.list.length"]}'), message: /names an item its list does not have/ },
  {
    name: 'more than 100 file parts',
    body: () => graphForm(TYPENAME, JSON.stringify(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [String(i), ['variables.a']]))), Array.from({ length: 101 }, (_, i) => file(String(i), 'x'))),
    message: /more than 100 files/,
  },
  { name: 'a map path of 1 MB', body: () => graphForm(TYPENAME, JSON.stringify({ 0: [`variables.${'x'.repeat(1024 * 1024)}.a`] })), message: /does not lead to an object/ },
];

describe.each(APPLICATIONS)('POST /graphql multipart with invalid operations or map on $name (anonymous): 400 with a clear message', (app) => {
  it.each(INVALID_GRAPH_REQUESTS)('$name', async ({ body, message }) => {
    const answer = await send(app.port(), 'POST', '/graphql', MULTIPART, body());
    expect(answer.status).toBe(400);
    const { errors } = JSON.parse(answer.text) as { errors: Array<{ message: string; extensions: Record<string, unknown> }> };
    expect(errors[0].extensions).toEqual({ code: 'RequestParameterInvalidException', errCode: 400008, status: 400 });
    expect(errors[0].message).toMatch(message);
    // Never the caller's input echoed back whole.
    expect(answer.text.length).toBeLessThan(1000);
    // No path of a map reaches a prototype of this process (the application runs in it).
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
    await expectServingWithNoFileLeft(app);
  });

  it('a valid map places the file where it names, and the operation runs', async () => {
    const answer = await send(app.port(), 'POST', '/graphql', MULTIPART, graphForm(TYPENAME, '{"0": ["variables.a"]}'));
    expect(`${answer.status} ${answer.text}`).toBe('200 {"data":{"__typename":"Query"}}\n');
    await expectServingWithNoFileLeft(app);
  });
});
