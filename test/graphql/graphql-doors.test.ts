import { getIntrospectionQuery } from 'graphql';
import { GraphQLSocket } from '../support/graphql-socket';
import { listen, type Listening } from '../support/listening-platform';
import { MASTER_KEY, startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The graph has two doors, `POST /graphql` and the WebSocket at `/graphql` (graphql-ws runs queries
 * and mutations too): one set of rules applies to both, by the same code (operation-rules.ts).
 */
let h: TestPlatform;
let web: Listening;
let alice: TestUser;
const sockets: GraphQLSocket[] = [];

beforeAll(async () => {
  h = await startTestPlatform();
  web = await listen(h);
  alice = await h.newUser('alice');
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await h?.close();
  await web?.close();
});

const overHttp = (query: string, variables: Record<string, unknown> = {}, key = alice.key) => h.api.post('/graphql').query({ key }).send({ query, variables });

async function overSocket(query: string, variables: Record<string, unknown> = {}, key = alice.key) {
  const socket = await GraphQLSocket.open(web.socketUrl, { params: { key } });
  sockets.push(socket);
  return socket.run(query, variables);
}

/** `histories { contents { history { contents { … id } } } }`, `levels` fields deep. */
function cyclicQuery(levels: number): string {
  let selection = 'id';
  for (let level = levels - 2; level >= 1; level -= 1) selection = `${level % 2 === 1 ? 'contents' : 'history'} { ${selection} }`;
  return `{ histories { ${selection} } }`;
}

const INVALID_PARAMETER = { code: 'RequestParameterInvalidException', errCode: 400008, status: 400 };

describe('the depth limit, on both doors', () => {
  it('refuses the 41-level query over HTTP and over the WebSocket, and the process answers the next request normally', async () => {
    const query = cyclicQuery(41);
    const http = await overHttp(query);
    expect(http.status).toBe(400);
    expect(http.body.errors[0].message).toBe('The query is nested 41 levels deep; at most 12 are allowed.');
    const socket = await overSocket(query);
    expect(socket.errors?.[0]).toMatchObject({ message: 'The query is nested 41 levels deep; at most 12 are allowed.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(socket.results).toEqual([]);
    expect((await overSocket('{ viewer { user { email } } }')).results).toEqual([{ data: { viewer: { user: { email: alice.email } } } }]);
    expect((await h.api.get('/api/version')).status).toBe(200);
  });

  it('gives no "Did you mean" hints about the schema over either door', async () => {
    const http = await overHttp('{ histor { id } }');
    expect(http.status).toBe(400);
    const socket = await overSocket('{ histor { id } }');
    expect(socket.errors?.[0].message).toBe(http.body.errors[0].message);
    expect(JSON.stringify(socket.errors)).not.toContain('Did you mean');
  });
});

describe('the cost limit, on both doors', () => {
  /** 2,000 histories, each with 20 items and 20 jobs taken for each: 286,000 values, 3 levels deep. */
  const COSTLY = '{ histories(limit: 2000) { id name contents { id name state } jobs { id state } } }';

  it('refuses a query within the depth limit whose answer is estimated too large, before anything runs', async () => {
    const list = jest.spyOn(h.platform.services.histories, 'list');
    await h.warmKeys(alice.key);
    const http = await overHttp(COSTLY);
    expect(http.status).toBe(400);
    expect(http.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^The query's answer is estimated at 286,000 values; at most 200,000 are allowed/), extensions: INVALID_PARAMETER });
    expect(h.queriesOf(http)).toBe(0);
    const socket = await overSocket(COSTLY);
    expect(socket.errors?.[0]).toEqual(http.body.errors[0]);
    expect(list).not.toHaveBeenCalled();
  });

  it('counts a list by its limit: the same query for 100 histories runs', async () => {
    const fewer = COSTLY.replace('limit: 2000', 'limit: 100');
    expect((await overHttp(fewer)).body).toEqual({ data: { histories: [] } });
    expect((await overSocket(fewer)).results).toEqual([{ data: { histories: [] } }]);
  });

  it("takes a variable's value as the size", async () => {
    const query = 'query ($n: Int) { histories(limit: $n) { id name contents { id name state } jobs { id state } } }';
    expect((await overHttp(query, { n: 100 })).status).toBe(200);
    expect((await overSocket(query, { n: 5000 })).errors?.[0].extensions).toEqual(INVALID_PARAMETER);
  });

  it("refuses a list going around the graph's relations (a history's contents' history's contents), however small", async () => {
    const list = jest.spyOn(h.platform.services.histories, 'list');
    const query = '{ histories(limit: 1) { contents { history { contents { id } } } } }';
    const http = await overHttp(query);
    expect(http.status).toBe(400);
    expect(http.body.errors[0]).toMatchObject({ message: expect.stringContaining('(History.contents) of objects it already lists above it'), extensions: INVALID_PARAMETER });
    expect((await overSocket(query)).errors?.[0]).toEqual(http.body.errors[0]);
    expect(list).not.toHaveBeenCalled();
  });
});

describe('the size of a request, on both doors', () => {
  it('refuses a WebSocket message larger than an HTTP body may be (the connection closes with 1009)', async () => {
    const huge = `{ viewer { isAnonymous } } # ${'x'.repeat(10 * 1024 * 1024)}`;
    expect((await overHttp(huge)).status).toBe(413);
    const socket = await GraphQLSocket.open(web.socketUrl, { params: { key: alice.key } });
    sockets.push(socket);
    const outcome = await socket.run(huge);
    expect(outcome.results).toEqual([]);
    expect(outcome.closed?.code).toBe(1009);
  });

  it('refuses a document of more than 10,000 tokens while it is parsed', async () => {
    const long = `{ ${Array.from({ length: 6000 }, (_, index) => `a${index}: __typename`).join(' ')} }`;
    const http = await overHttp(long);
    expect(http.status).toBe(400);
    // graphql's own words ("more that"), whichever way a release spells them.
    expect(http.body.errors[0].message).toMatch(/^Syntax Error: Document contains more tha[nt] 10000 tokens\. Parsing aborted\.$/);
    expect((await overSocket(long)).errors?.[0]).toMatchObject({ message: http.body.errors[0].message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
  });
});

describe('introspection, for administrators only, on both doors', () => {
  const GRAPHIQL_INTROSPECTION = getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: false });

  it('is refused to other users over the WebSocket as over HTTP', async () => {
    const http = await overHttp('{ __schema { queryType { name } } }');
    expect(http.status).toBe(403);
    const socket = await overSocket('{ __schema { queryType { name } } }');
    expect(socket.errors?.[0]).toEqual({ message: 'Introspection is available to administrators only.', extensions: { code: 'AdminRequiredException', errCode: 403006, status: 403 } });
    expect(socket.errors?.[0]).toEqual(http.body.errors[0]);
  });

  it("answers administrators' GraphiQL schema query over the WebSocket", async () => {
    for (const key of [h.admin.key, MASTER_KEY]) {
      const socket = await overSocket(GRAPHIQL_INTROSPECTION, {}, key);
      expect(socket.errors).toBeUndefined();
      const schema = socket.results[0].data?.__schema as { queryType: { name: string }; types: Array<{ name: string }> };
      expect(schema.queryType.name).toBe('Query');
      expect(schema.types.map((type) => type.name)).toContain('History');
    }
  });

  it("bounds an administrator's introspection query by its exact size (the schema's types and fields, asked for 30 times)", async () => {
    const types = 'types { name fields { name args { name } type { name ofType { name } } } }';
    const query = `{ ${Array.from({ length: 30 }, (_, index) => `a${index}: __schema { ${types} }`).join(' ')} }`;
    const http = await overHttp(query, {}, h.admin.key);
    expect(http.status).toBe(400);
    expect(http.body.errors[0]).toMatchObject({ message: expect.stringContaining('is estimated at'), extensions: INVALID_PARAMETER });
    expect((await overSocket(query, {}, h.admin.key)).errors?.[0]).toEqual(http.body.errors[0]);
  });
});

describe('text with NUL characters, on both doors', () => {
  it('is refused over the WebSocket as over HTTP, before anything runs', async () => {
    const query = 'mutation ($name: String) { createHistory(input: { name: $name }) { id } }';
    const http = await overHttp(query, { name: 'a\u0000b' });
    expect(http.status).toBe(400);
    const socket = await overSocket(query, { name: 'a\u0000b' });
    expect(socket.errors?.[0]).toEqual({ message: 'Text parameters may not contain NUL characters.', extensions: INVALID_PARAMETER });
    expect(socket.errors?.[0]).toEqual(http.body.errors[0]);
    expect((await overHttp('{ histories { name } }')).body.data.histories).toEqual([]);
  });

  it('is refused when written as an escape in a string literal of the text (it was an internal error)', async () => {
    const query = 'mutation { createHistory(input: { name: "a\\u0000b" }) { id } }';
    const http = await overHttp(query);
    expect(http.status).toBe(400);
    expect(http.body.errors[0]).toEqual({ message: 'Text parameters may not contain NUL characters.', extensions: INVALID_PARAMETER });
    expect((await overSocket(query)).errors?.[0]).toEqual(http.body.errors[0]);
    expect((await overHttp('{ histories { name } }')).body.data.histories).toEqual([]);
  });
});

describe('unexpected failures, on both doors', () => {
  it('are logged and masked over the WebSocket as over HTTP', async () => {
    jest.spyOn(h.platform.services.histories, 'list').mockRejectedValue(new Error('connection string postgres://secret@db'));
    const masked = { message: 'Internal server error.', extensions: { code: 'InternalServerError', errCode: 500001, status: 500 } };
    const http = await overHttp('{ histories { id } }');
    expect(http.body.errors[0]).toMatchObject(masked);
    const socket = await overSocket('{ histories { id } }');
    expect(socket.results[0].errors?.[0]).toMatchObject(masked);
    expect(JSON.stringify([http.body, socket])).not.toContain('secret');
  });
});

describe('subscriptions, over the WebSocket only', () => {
  it('refuses a subscription sent over HTTP', async () => {
    const res = await overHttp('subscription ($id: ID!) { historyItemChanged(historyId: $id) { __typename } }', { id: 'f2db41e1fa331b3e' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ message: 'Subscriptions go over WebSocket at /graphql (the graphql-ws protocol), not over HTTP.', extensions: INVALID_PARAMETER });
  });
});
