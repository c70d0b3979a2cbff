import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let h: TestPlatform;

beforeAll(async () => {
  h = await startTestPlatform();
});
afterAll(() => h.close());

describe('request bodies that are not valid JSON', () => {
  it('answer 400 with err_code 400003', async () => {
    const res = await h.api.post('/api/groups').query({ key: h.admin.key }).set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ err_msg: 'Your request did not appear to be valid JSON, please consult the API documentation.', err_code: 400003 });
  });
});

describe('paths outside the contract', () => {
  it('answer a JSON 404', async () => {
    const res = await h.api.get('/api/no_such_thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ err_msg: 'No API route for GET /api/no_such_thing', err_code: 404001 });
  });

  it('name a long path cut, never echoed whole', async () => {
    const res = await h.api.get(`/api/${'x'.repeat(5000)}`);
    expect(res.status).toBe(404);
    expect(res.body.err_msg).toBe(`No API route for GET /api/${'x'.repeat(75)}… (5005 characters)`);
  });
});

describe('malformed ids', () => {
  it("are named in the answer cut to 80 characters, never a megabyte of the caller's input", async () => {
    const id = 'z'.repeat(70000);
    const long = await h.api.post('/api/histories').send({ key: h.admin.key, history_id: id });
    expect(long.status).toBe(400);
    const shown = `${'z'.repeat(80)}… (70000 characters)`;
    expect(long.body).toEqual({ err_msg: `Malformed id ( ${shown} ) specified, unable to decode`, err_code: 400009, id: shown });
  });
});

describe('GET /api/version', () => {
  it('answers like the platform', async () => {
    const res = await h.api.get('/api/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version_major: '15.05', version_minor: '1' });
  });
});

describe('unexpected failures', () => {
  it('answer 500 with the platform body and no stack', async () => {
    const services = h.platform.services;
    const original = services.groups.list.bind(services.groups);
    services.groups.list = async () => {
      throw new Error('database on fire');
    };
    try {
      const res = await h.api.get('/api/groups').query({ key: h.admin.key });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ err_msg: 'Uncaught exception in exposed API method:', err_code: 0 });
      const graph = await h.api.post('/graphql').send({ query: '{ groups { id } }', key: h.admin.key }).set('x-api-key', h.admin.key);
      expect(graph.body.errors[0].message).toBe('Internal server error.');
      expect(JSON.stringify(graph.body)).not.toContain('database on fire');
    } finally {
      services.groups.list = original;
    }
  });
});

const BOUNDARY = 'nul-test-boundary';

/** A multipart body written by hand: fields, then one file part with the given disposition parameters. */
function multipartBody(fields: Record<string, string>, file: { field: string; disposition: string; content: string }): string {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; ${file.disposition}\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`);
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

describe('bad input never answers 500', () => {
  it('refuses text with NUL characters with 400 in bodies, queries and paths', async () => {
    const history = await h.api.post('/api/histories').send({ key: h.admin.key, name: 'plain' });
    const responses = [
      await h.api.post('/api/histories').send({ key: h.admin.key, name: 'a\u0000b' }),
      await h.api.put(`/api/histories/${history.body.id}`).send({ key: h.admin.key, name: '\u0000' }),
      await h.api.get('/api/histories').query({ key: h.admin.key, q: 'name-eq', qv: 'a\u0000b' }),
      await h.api.post(`/api/histories/${history.body.id}/tags/a%00b`).query({ key: h.admin.key }),
      await h.api.get('/api/jobs').query({ key: h.admin.key, tool_id: 'a\u0000b' }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ err_msg: 'Text parameters may not contain NUL characters.', err_code: 400008 });
    }
    const graph = await h.api.post('/graphql').query({ key: h.admin.key }).send({ query: 'query ($id: ID!) { history(id: $id) { id } }', variables: { id: 'a\u0000' } });
    expect(graph.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'RequestParameterInvalidException', errCode: 400008 }));
  });

  it('refuses NUL in a form field, a multipart field or file name (RFC 5987 spelling), and in JSON nested however deep', async () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 200; i += 1) deep = { inner: [deep] };
    const responses = [
      await h.api.post('/api/histories').type('form').send({ key: h.admin.key, name: 'a\u0000b' }),
      await h.api.post('/api/histories').field('key', h.admin.key).field('name', 'a\u0000b'),
      // A file name can carry NUL only in its RFC 5987 spelling (a raw NUL is a malformed part header).
      await h.api
        .post('/api/tools')
        .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
        .send(multipartBody({ key: h.admin.key, tool_id: 'upload1' }, { field: 'files_0|file_data', disposition: "filename*=UTF-8''a%00b.txt", content: 'x' })),
      await h.api.post('/api/histories').send({ key: h.admin.key, name: 'deep', extra: deep }),
      await h.api.get('/api/histories').query({ key: h.admin.key, q: ['name-eq', 'name-contains'], qv: ['x', 'a\u0000'] }),
    ];
    for (const res of responses) expect([res.status, res.body]).toEqual([400, { err_msg: 'Text parameters may not contain NUL characters.', err_code: 400008 }]);
    // A "400 text" route answers the refusal as its text.
    const text = await h.api.post('/api/roles').send({ key: h.admin.key, name: 'a\u0000', description: 'd' });
    expect([text.status, text.body]).toEqual([400, 'Text parameters may not contain NUL characters.']);
  });

  it('refuses NUL in a GraphQL variable nested however deep, and in a GraphQL upload file name (RFC 5987 spelling)', async () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 200; i += 1) deep = { filter: [deep] };
    const nested = await h.api.post('/graphql').query({ key: h.admin.key }).send({ query: 'mutation ($x: JSONObject!) { createVisualization(input: $x) }', variables: { x: { type: 'v', title: 't', config: deep } } });
    expect(nested.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'RequestParameterInvalidException', errCode: 400008 }));
    // Refused before any resolver runs, not by the database.
    expect(nested.body.errors[0].message).toBe('Text parameters may not contain NUL characters.');
    const history = await h.api.post('/api/histories').send({ key: h.admin.key, name: 'for uploads' });
    const operations = {
      query: 'mutation ($input: RunToolInput!) { runTool(input: $input) { jobs { id } } }',
      variables: { input: { toolId: 'upload1', historyId: history.body.id, inputs: { 'files_0|type': 'upload_dataset', file_type: 'txt' }, files: [{ name: 'files_0|file_data', file: null }] } },
    };
    const upload = await h.api
      .post('/graphql')
      .query({ key: h.admin.key })
      .set('apollo-require-preflight', 'true')
      .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
      .send(
        multipartBody(
          { operations: JSON.stringify(operations), map: JSON.stringify({ 0: ['variables.input.files.0.file'] }) },
          { field: '0', disposition: "filename*=UTF-8''a%00b.txt", content: 'x' },
        ),
      );
    expect(upload.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'RequestParameterInvalidException', errCode: 400008 }));
    expect(upload.body.errors[0].message).toBe('Text parameters may not contain NUL characters.');
    expect((await h.api.get(`/api/histories/${history.body.id}/contents`).query({ key: h.admin.key })).body).toEqual([]);
  });

  it('answers MalformedId for a path that cannot be percent-decoded', async () => {
    const res = await h.api.get('/api/users/%ZZ').query({ key: h.admin.key });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe(400009);
  });

  it('answers 400 for names longer than the database allows', async () => {
    const name = 'a'.repeat(3000);
    const role = await h.api.post('/api/roles').send({ key: h.admin.key, name, description: 'too long' });
    expect(role.status).toBe(400);
    const quota = await h.api.post('/api/quotas').send({ key: h.admin.key, name, description: 'too long', amount: '1 GB' });
    expect(quota.status).toBe(400);
  });

  it('refuses a quota amount too large to store', async () => {
    const res = await h.api.post('/api/quotas').send({ key: h.admin.key, name: 'huge', description: 'd', amount: '99999999999 tb' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Unable to parse the provided amount');
  });
});

describe('concurrent creates of one name', () => {
  it('answer one success and refusals (400), never a 500 or a duplicate', async () => {
    const creates: Array<[string, Record<string, unknown>]> = [
      ['/api/groups', { name: 'race group' }],
      ['/api/roles', { name: 'race role', description: 'd' }],
      ['/api/quotas', { name: 'race quota', description: 'd', amount: '1 GB' }],
      ['/api/users', { username: 'racer', email: 'racer@example.org', password: 'secret-password' }],
    ];
    for (const [path, body] of creates) {
      const responses = await Promise.all(Array.from({ length: 8 }, () => h.api.post(path).send({ key: h.admin.key, ...body })));
      const statuses = responses.map((res) => res.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 200).every((status) => status === 400)).toBe(true);
    }
    const roles = await h.api.get('/api/roles').query({ key: h.admin.key });
    expect(roles.body.filter((role: { name: string }) => role.name === 'race role')).toHaveLength(1);
  });
});
