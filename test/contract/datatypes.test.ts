import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { expectError } from '../support/job-helpers';

/** What the platform's 15.05 registry answers (platform-facts §6; the facts' datatypes_api_1505.json, copied as a fixture). */
interface Facts {
  upload_file_formats: string[];
  datatype_elems: Array<{ extension: string; description: string | null; description_url: string | null; display_in_upload_attr: string | null }>;
  all_extensions_in_load_order: string[];
  mapping: { ext_to_class_name: Record<string, string>; class_to_classes: Record<string, Record<string, boolean>> };
  sniffers: string[];
  converters: Array<{ source: string; target: string; tool_id: string }>;
}

const facts = JSON.parse(readFileSync(join(__dirname, '../unit/datatypes/fixtures/datatypes_api_1505.json'), 'utf8')) as Facts;
const truthy = (value: string | null) => value !== null && ['true', 'yes', 'on', 'y', 't', '1'].includes(value.trim().toLowerCase());

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

describe('GET /api/datatypes', () => {
  it('lists the sorted upload extensions by default, with no key and no session', async () => {
    const res = await h.api.get('/api/datatypes');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(facts.upload_file_formats);
    expect(res.body).toEqual(expect.arrayContaining(['tabular', 'fasta']));
    expect(res.body).not.toContain('fli');
  });

  it('lists every registered extension with upload_only=false', async () => {
    const res = await h.api.get('/api/datatypes').query({ upload_only: 'false' });
    expect(res.status).toBe(200);
    expect([...res.body].sort()).toEqual([...facts.all_extensions_in_load_order].sort());
    expect(res.body).toContain('fli');
  });

  it('lists {extension, description, description_url} items with extension_only=false', async () => {
    const upload = await h.api.get('/api/datatypes').query({ extension_only: 'false', key: alice.key });
    expect(upload.status).toBe(200);
    const expected = facts.datatype_elems
      .filter((elem) => truthy(elem.display_in_upload_attr))
      .map(({ extension, description, description_url }) => ({ extension, description, description_url }));
    expect(upload.body).toEqual(expected);
    for (const item of upload.body) expect(Object.keys(item).sort()).toEqual(['description', 'description_url', 'extension']);
    const all = await h.api.get('/api/datatypes').query({ extension_only: 'false', upload_only: 'false' });
    expect(all.body.map((item: { extension: string }) => item.extension)).toEqual(facts.datatype_elems.map((elem) => elem.extension));
    expect(all.body.find((item: { extension: string }) => item.extension === 'fli')).toEqual({ extension: 'fli', description: null, description_url: null });
  });

  it('reads the flags as the platform does (yes/no, 1/0, t/f, any case)', async () => {
    expect((await h.api.get('/api/datatypes').query({ extension_only: 'No', upload_only: ' 0 ' })).body).toHaveLength(facts.datatype_elems.length);
    expect((await h.api.get('/api/datatypes').query({ extension_only: 'T', upload_only: 'yes' })).body).toEqual(facts.upload_file_formats);
  });

  it('answers 400 for a flag that is not a boolean', async () => {
    const res = await h.api.get('/api/datatypes').query({ extension_only: 'x' });
    expectError(res, 400, 400008);
    expectError(await h.api.get('/api/datatypes').query({ upload_only: 'maybe' }), 400, 400008);
  });

  it('refuses an invalid API key', async () => {
    expectError(await h.api.get('/api/datatypes').query({ key: 'not-a-key' }), 403, 403001);
  });
});

describe('GET /api/datatypes/mapping', () => {
  it('maps extensions to class names and classes to their ancestors', async () => {
    const res = await h.api.get('/api/datatypes/mapping');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['class_to_classes', 'ext_to_class_name']);
    expect(res.body.ext_to_class_name).toEqual(facts.mapping.ext_to_class_name);
    expect(res.body.class_to_classes).toEqual(facts.mapping.class_to_classes);
    expect(res.body.ext_to_class_name.csv).toBe('galaxy.datatypes.registry.Tabular');
    expect(res.body.class_to_classes['galaxy.datatypes.tabular.Tabular']).toEqual(
      expect.objectContaining({ 'galaxy.datatypes.tabular.Tabular': true, 'galaxy.datatypes.data.Text': true, 'galaxy.datatypes.data.Data': true }),
    );
  });
});

describe('GET /api/datatypes/sniffers', () => {
  it('lists the sniffers in the order they are tried', async () => {
    const res = await h.api.get('/api/datatypes/sniffers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(facts.sniffers);
    expect(res.body.indexOf('galaxy.datatypes.xml:Owl')).toBeLessThan(res.body.indexOf('galaxy.datatypes.xml:GenericXml'));
  });
});

describe('GET /api/datatypes/converters', () => {
  it('lists {source, target, tool_id} converters', async () => {
    const res = await h.api.get('/api/datatypes/converters');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(facts.converters);
    expect(res.body).toContainEqual({ source: 'fasta', target: 'tabular', tool_id: 'CONVERTER_fasta_to_tabular' });
  });
});
