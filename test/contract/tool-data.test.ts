import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { ALPHA_LOC, toolDataFixture, type ToolDataFixture } from '../support/tool-data-helpers';

/**
 * Tool data tables (`/api/tool_data`), administrators only, on the platform's own test tables
 * (platform-facts §8): `testalpha` (value, name, path) whose entries point at files.
 */

let h: TestPlatform;
let alice: TestUser;
let fx: ToolDataFixture;

const ADMIN_REQUIRED = { err_msg: 'You must be an administrator to access this feature.', err_code: 403006 };
const AUTH_REQUIRED = { err_msg: 'API authentication required for this request', err_code: 403001 };

beforeAll(async () => {
  fx = toolDataFixture();
  h = await startTestPlatform(fx.env);
  alice = await h.newUser('alice');
});
afterAll(async () => {
  await h.close();
  fx.remove();
});

/** The platform's test table restored before each test (the delete tests rewrite it). */
beforeEach(async () => {
  writeFileSync(fx.alphaLoc, ALPHA_LOC);
  expect((await h.api.get('/api/tool_data/testalpha/reload').query({ key: h.admin.key })).status).toBe(200);
});

/** Reads a raw body as text whatever its content type. */
const asText = (res: Response) => res.text;
const rawGet = (path: string, key?: string) =>
  h.api
    .get(path)
    .query(key ? { key } : {})
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done(null, text));
    });

function expectRefusals(send: (key?: string) => Promise<Response>) {
  it('refuses an ordinary user (AdminRequiredException) and an anonymous caller', async () => {
    const user = await send(alice.key);
    expect(user.status).toBe(403);
    expect(user.body).toEqual(ADMIN_REQUIRED);
    const anonymous = await send();
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(AUTH_REQUIRED);
  });
}

describe('GET /api/tool_data', () => {
  it('lists every configured table as {model_class, name}, in configuration order', async () => {
    const res = await h.api.get('/api/tool_data').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { model_class: 'TabularToolDataTable', name: 'testalpha' },
      { model_class: 'TabularToolDataTable', name: 'testbeta' },
      { model_class: 'TabularToolDataTable', name: 'testmissing' },
    ]);
  });

  it('answers the master key too', async () => {
    const res = await h.api.get('/api/tool_data').query({ key: h.masterKey });
    expect(res.status).toBe(200);
    expect(res.body.map((table: { name: string }) => table.name)).toContain('testalpha');
  });

  expectRefusals((key) => h.api.get('/api/tool_data').query(key ? { key } : {}));
});

describe('GET /api/tool_data/{id}', () => {
  it("answers the element view: columns and the rows' fields, ${__HERE__} expanded", async () => {
    const res = await h.api.get('/api/tool_data/testalpha').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['model_class', 'name', 'columns', 'fields']);
    expect(res.body).toEqual({
      model_class: 'TabularToolDataTable',
      name: 'testalpha',
      columns: ['value', 'name', 'path'],
      fields: [
        ['data1', 'data1name', join(fx.dir, 'data1/entry.txt')],
        ['data2', 'data2name', join(fx.dir, 'data2/entry.txt')],
      ],
    });
    expect(res.body.fields[0].slice(0, 2)).toEqual(['data1', 'data1name']);
    expect(res.body.fields[0][2]).toMatch(/data1\/entry\.txt$/);
  });

  it("lists `name` at the index of `value` when a table has no name column, as the platform does", async () => {
    const res = await h.api.get('/api/tool_data/testbeta').query({ key: h.admin.key });
    expect(res.body).toEqual({ model_class: 'TabularToolDataTable', name: 'testbeta', columns: ['value', 'name', 'path'], fields: [['beta1', '/somewhere/beta1.2bit']] });
  });

  it('lists a table whose file is missing, with no entries', async () => {
    const res = await h.api.get('/api/tool_data/testmissing').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual([]);
  });

  it('answers ObjectNotFound (404, never a 500) for an unknown table', async () => {
    const res = await h.api.get('/api/tool_data/nope').query({ key: h.admin.key });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ err_msg: 'No such data table nope', err_code: 404001 });
  });

  expectRefusals((key) => h.api.get('/api/tool_data/testalpha').query(key ? { key } : {}));
});

describe('GET /api/tool_data/{id}/reload', () => {
  it('re-reads the files: a row an administrator added appears, and the element view is answered', async () => {
    fx.append(fx.alphaLoc, 'data3\tdata3name\t/elsewhere/data3.fa\n');
    const before = await h.api.get('/api/tool_data/testalpha').query({ key: h.admin.key });
    expect(before.body.fields).toHaveLength(2);
    const res = await h.api.get('/api/tool_data/testalpha/reload').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body.columns).toEqual(['value', 'name', 'path']);
    expect(res.body.fields.map((row: string[]) => row[0])).toEqual(['data1', 'data2', 'data3']);
    const after = await h.api.get('/api/tool_data/testalpha').query({ key: h.admin.key });
    expect(after.body.fields).toHaveLength(3);
  });

  it('answers ObjectNotFound for an unknown table', async () => {
    const res = await h.api.get('/api/tool_data/nope/reload').query({ key: h.admin.key });
    expect(res.status).toBe(404);
    expect(res.body.err_code).toBe(404001);
  });

  expectRefusals((key) => h.api.get('/api/tool_data/testalpha/reload').query(key ? { key } : {}));
});

describe('DELETE /api/tool_data/{id}', () => {
  const data2 = () => `data2\tdata2name\t${join(fx.dir, 'data2/entry.txt')}`;

  it('removes the entry (values as listed), rewrites the file keeping comments and blank lines, and answers the element view', async () => {
    const res = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key }).send({ values: data2() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'TabularToolDataTable',
      name: 'testalpha',
      columns: ['value', 'name', 'path'],
      fields: [['data1', 'data1name', join(fx.dir, 'data1/entry.txt')]],
    });
    expect(fx.read(fx.alphaLoc)).toBe(
      ['# The platform test table: value, name, path.', 'data1\tdata1name\t${__HERE__}/data1/entry.txt', '', '   # an indented comment stays', ''].join('\n'),
    );
    // Written through a temporary file renamed into place: none is left behind.
    expect(readdirSync(fx.dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect((await h.api.get('/api/tool_data/testalpha').query({ key: h.admin.key })).body.fields).toHaveLength(1);
  });

  it('matches an entry as written in the file (${__HERE__} unexpanded) too', async () => {
    const res = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key }).send({ values: 'data1\tdata1name\t${__HERE__}/data1/entry.txt' });
    expect(res.status).toBe(200);
    expect(res.body.fields.map((row: string[]) => row[0])).toEqual(['data2']);
  });

  it('reads values from a JSON body sent without a content type, and from {payload: {values}}', async () => {
    const bare = await h.api
      .delete('/api/tool_data/testalpha')
      .query({ key: h.admin.key })
      .set('Content-Type', '')
      .send(Buffer.from(JSON.stringify({ values: data2() })));
    expect(bare.status).toBe(200);
    expect(bare.body.fields).toHaveLength(1);
    writeFileSync(fx.alphaLoc, ALPHA_LOC);
    const nested = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key }).send({ payload: { values: data2() } });
    expect(nested.status).toBe(200);
    expect(nested.body.fields.map((row: string[]) => row[0])).toEqual(['data1']);
  });

  it('leaves the file alone and answers the element view when no entry matches', async () => {
    const res = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key }).send({ values: 'x\ty\tz' });
    expect(res.status).toBe(200);
    expect(res.body.fields).toHaveLength(2);
    expect(fx.read(fx.alphaLoc)).toBe(ALPHA_LOC);
  });

  it('answers 400 text for an unknown table', async () => {
    const res = await h.api.delete('/api/tool_data/nope').query({ key: h.admin.key }).send({ values: data2() });
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/json');
    expect(res.body).toBe('Invalid data table id ( nope ) specified.');
  });

  it('answers 400 text for empty or absent values', async () => {
    const empty = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key }).send({ values: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toBe('Invalid data table item (  ) specified.');
    const absent = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key });
    expect(absent.status).toBe(400);
    expect(absent.body).toBe('Invalid data table item ( None ) specified.');
  });

  it('answers 400 text for values given as a list or an object, leaving the file (never the first item)', async () => {
    for (const values of [[data2()], { values: data2() }]) {
      const res = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key }).send({ values });
      expect(res.status).toBe(400);
      expect(res.body).toMatch(/^Invalid value for 'values' parameter \( [[{]u'.*data2/);
    }
    expect(fx.read(fx.alphaLoc)).toBe(ALPHA_LOC);
  });

  it('answers 400 text naming the given and required column counts', async () => {
    const res = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key }).send({ values: 'data1\tdata1name' });
    expect(res.status).toBe(400);
    expect(res.body).toBe('Invalid data table item ( data1\tdata1name ) specified. Wrong number of columns (2 given, 3 required).');
    // A table without a name column needs one value per real column (value, path).
    const beta = await h.api.delete('/api/tool_data/testbeta').query({ key: h.admin.key }).send({ values: 'a\tb\tc' });
    expect(beta.body).toBe('Invalid data table item ( a\tb\tc ) specified. Wrong number of columns (3 given, 2 required).');
    expect(fx.read(fx.alphaLoc)).toBe(ALPHA_LOC);
  });

  it('refuses an ordinary user and an anonymous caller with the JSON errors (not text), leaving the file', async () => {
    const user = await h.api.delete('/api/tool_data/testalpha').query({ key: alice.key }).send({ values: data2() });
    expect(user.status).toBe(403);
    expect(user.body).toEqual(ADMIN_REQUIRED);
    const anonymous = await h.api.delete('/api/tool_data/testalpha').send({ values: data2() });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(AUTH_REQUIRED);
    expect(fx.read(fx.alphaLoc)).toBe(ALPHA_LOC);
  });
});

describe('GET /api/tool_data/{id}/fields/{value}', () => {
  it('answers the field: its files beside the entry path, sizes, fingerprint and base directory', async () => {
    const res = await h.api.get('/api/tool_data/testalpha/fields/data1').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['model_class', 'name', 'fields', 'base_dir', 'files', 'fingerprint']);
    expect(res.body).toEqual({
      model_class: 'TabularToolDataField',
      name: 'data1',
      fields: { value: 'data1', name: 'data1name', path: join(fx.dir, 'data1/entry.txt') },
      base_dir: [join(fx.dir, 'data1')],
      files: { 'entry.txt': 15, 'entry.txt.index': 15 },
      fingerprint: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(Object.keys(res.body.files)).toHaveLength(2);
  });

  it('changes the fingerprint when a file changes size', async () => {
    const before = (await h.api.get('/api/tool_data/testalpha/fields/data2').query({ key: h.admin.key })).body.fingerprint;
    fx.append(join(fx.dir, 'data2/entry.txt.index'), 'more\n');
    const after = (await h.api.get('/api/tool_data/testalpha/fields/data2').query({ key: h.admin.key })).body.fingerprint;
    expect(after).not.toBe(before);
  });

  it('answers ObjectNotFound for a missing field and for an unknown table', async () => {
    const field = await h.api.get('/api/tool_data/testalpha/fields/nope').query({ key: h.admin.key });
    expect(field.status).toBe(404);
    expect(field.body).toEqual({ err_msg: 'No such field nope in data table testalpha.', err_code: 404001 });
    const table = await h.api.get('/api/tool_data/nope/fields/data1').query({ key: h.admin.key });
    expect(table.status).toBe(404);
    expect(table.body.err_code).toBe(404001);
  });

  expectRefusals((key) => h.api.get('/api/tool_data/testalpha/fields/data1').query(key ? { key } : {}));
});

describe('GET /api/tool_data/{id}/fields/{value}/files/{path}', () => {
  it("streams one of the field's files", async () => {
    const res = await rawGet('/api/tool_data/testalpha/fields/data1/files/entry.txt', h.admin.key);
    expect(res.status).toBe(200);
    expect(asText(res) || res.body).toBe('This is data 1.');
    const index = await rawGet('/api/tool_data/testalpha/fields/data1/files/entry.txt.index', h.admin.key);
    expect(index.body).toBe('index of data1\n');
  });

  it('answers ObjectNotFound for any path that is not one of the field\'s files, `..` included', async () => {
    for (const path of ['other.txt', '..', '..%2Fdata2%2Fentry.txt', '%2E%2E%2Ftestalpha.loc', 'data1%2Fentry.txt', 'missing']) {
      const res = await h.api.get(`/api/tool_data/testalpha/fields/data1/files/${path}`).query({ key: h.admin.key });
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body).toEqual({ err_msg: 'No such path in data table field.', err_code: 404001 });
    }
    const otherField = await h.api.get('/api/tool_data/testalpha/fields/nope/files/entry.txt').query({ key: h.admin.key });
    expect(otherField.status).toBe(404);
  });

  expectRefusals((key) => h.api.get('/api/tool_data/testalpha/fields/data1/files/entry.txt').query(key ? { key } : {}));
});

describe('tool data tables in the graph', () => {
  const graphql = (key: string, query: string, variables: Record<string, unknown> = {}) => h.api.post('/graphql').set('x-api-key', key).send({ query, variables });

  it('lists tables with their columns, entries and fields for administrators', async () => {
    const res = await graphql(
      h.admin.key,
      '{ toolDataTables { name columns } toolDataTable(name: "testalpha") { fields field(value: "data2") { name files fingerprint baseDir } } }',
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.toolDataTables.map((table: { name: string }) => table.name)).toEqual(['testalpha', 'testbeta', 'testmissing']);
    expect(res.body.data.toolDataTable.fields).toHaveLength(2);
    expect(res.body.data.toolDataTable.field).toMatchObject({ name: 'data2', files: { 'entry.txt': 15 }, baseDir: [join(fx.dir, 'data2')] });
  });

  it('reloads and removes entries', async () => {
    fx.append(fx.alphaLoc, 'data9\tdata9name\t/x\n');
    const reloaded = await graphql(h.admin.key, 'mutation { reloadToolDataTable(name: "testalpha") { fields } }');
    expect(reloaded.body.data.reloadToolDataTable.fields).toHaveLength(3);
    const deleted = await graphql(h.admin.key, 'mutation ($values: String) { deleteToolDataEntry(name: "testalpha", values: $values) { fields } }', { values: 'data9\tdata9name\t/x' });
    expect(deleted.body.data.deleteToolDataEntry.fields).toHaveLength(2);
  });

  it('refuses ordinary users', async () => {
    const res = await graphql(alice.key, '{ toolDataTables { name } }');
    expect(res.body.errors[0].extensions.code).toBe('AdminRequiredException');
    const mutation = await graphql(alice.key, 'mutation { reloadToolDataTable(name: "testalpha") { name } }');
    expect(mutation.body.errors[0].extensions.code).toBe('AdminRequiredException');
  });
});
