import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRepository, type CreatedRepository, publish, readTarball, tarball, toolXml } from '../support/depot-helpers';
import { binary } from '../support/depot-helpers';
import { tarMembers } from '../support/history-helpers';
import { capsuleFileName } from '../../src/depot/services/capsules/capsule-export.service';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

const PACKAGE = '<tool_dependency><package name="seqtk" version="1.2"><install version="1.0"/></package></tool_dependency>';
const DEPENDS = '<repositories description="seqtk itself"><repository name="package_seqtk" owner="alice"/></repositories>';

let h: TestDepot;
let alice: DepotUser;
let dir: string;
let pkg: CreatedRepository;
let tools: CreatedRepository;
const cs: Record<string, string[]> = { package_seqtk: [], seqtk_tools: [] };
let withDependencies: string;
let alone: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'capsules-'));
  h = await startTestDepot();
  alice = await h.newUser('alice');
  await h.api.post('/api/categories').send({ key: h.masterKey, name: 'Fastq Manipulation' });
  const categoryId = (await h.api.get('/api/categories')).body[0].id;
  pkg = await createRepository(h, alice, 'package_seqtk', { type: 'tool_dependency_definition' });
  cs.package_seqtk.push(await publish(h, alice, pkg, { 'tool_dependencies.xml': PACKAGE }));
  tools = await createRepository(h, alice, 'seqtk_tools', { category_ids: [categoryId], description: 'All of seqtk' });
  cs.seqtk_tools.push(await publish(h, alice, tools, { 'seqtk_seq.xml': toolXml('seqtk_seq', '1.0'), 'repository_dependencies.xml': DEPENDS }, 'first'));
  cs.seqtk_tools.push(await publish(h, alice, tools, { 'seqtk_seq.xml': toolXml('seqtk_seq', '1.1'), 'repository_dependencies.xml': DEPENDS, 'links/seq.xml': 'x' }, 'second'));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const exportCapsule = (fields: Record<string, unknown>, key?: string) =>
  h.api.post('/api/repository_revisions/export').query(key ? { key } : {}).send({ depot_url: 'http://localhost:9009', download_dir: dir, ...fields });

describe('POST /api/repository_revisions/export', () => {
  it('writes a capsule of the revision under download_dir (anonymous callers too): export_info, manifest, archive and bundle', async () => {
    const res = await exportCapsule({ name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1] });
    expect(res.status).toBe(200);
    alone = res.body.capsule_file_name;
    expect(res.body).toEqual({
      download_url: expect.stringMatching(/^http:\/\/localhost:9009\/repository\/export_via_api\?encoded_repositories_archive_name=/),
      error_messages: '',
      capsule_file_name: join(dir, `capsule_localhost_colon_9009_seqtk_tools_alice_${cs.seqtk_tools[1]}.tar.gz`),
    });
    const members = await readTarball(await import('node:fs/promises').then((fs) => fs.readFile(alone)));
    expect(Object.keys(members).sort()).toEqual(['export_info.xml', 'manifest.xml', `seqtk_tools-${cs.seqtk_tools[1]}.bundle`, `seqtk_tools-${cs.seqtk_tools[1]}.tar.gz`].sort());
    expect(members['manifest.xml']).toContain(`<repository name="seqtk_tools" type="unrestricted" username="alice">`);
    expect(members['manifest.xml']).toContain('<category>Fastq Manipulation</category>');
    expect(members['export_info.xml']).toMatch(/<export_repository_dependencies>False<\/export_repository_dependencies>/);
  });

  it("downloads from its download_url, and the repository archive holds the revision's files at its root", async () => {
    const res = await exportCapsule({ name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1] });
    const url = new URL(res.body.download_url);
    const download = await h.api.get(`${url.pathname}${url.search}`).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    const members = await tarMembers(download.body as Buffer);
    const archive = members.get(`seqtk_tools-${cs.seqtk_tools[1]}.tar.gz`);
    expect(archive).toBeDefined();
    expect(await readTarball(archive as Buffer)).toEqual({ 'seqtk_seq.xml': toolXml('seqtk_seq', '1.1'), 'repository_dependencies.xml': DEPENDS, 'links/seq.xml': 'x' });
    const forged = await h.api.get('/repository/export_via_api').query({ encoded_repositories_archive_name: 'L2V0Yy9wYXNzd2Q.bad' });
    expect([forged.status, forged.body.err_code]).toEqual([404, 404001]);
  });

  it('with export_repository_dependencies, holds the dependencies first', async () => {
    const res = await exportCapsule({ name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1], export_repository_dependencies: 'true' });
    withDependencies = res.body.capsule_file_name;
    expect(withDependencies).toContain('capsule_with_dependencies_localhost_colon_9009_seqtk_tools_alice_');
    const members = await readTarball(await import('node:fs/promises').then((fs) => fs.readFile(withDependencies)));
    const manifest = members['manifest.xml'];
    expect(manifest.indexOf('name="package_seqtk"')).toBeGreaterThan(0);
    expect(manifest.indexOf('name="package_seqtk"')).toBeLessThan(manifest.indexOf('name="seqtk_tools"'));
    expect(manifest).toContain('type="tool_dependency_definition"');
  });

  it('answers [null, message] for an unknown repository, 400007 for a missing parameter, 400 for a directory outside DEPOT_CAPSULE_DIRS', async () => {
    const unknown = await exportCapsule({ name: 'nothing', owner: 'alice', changeset_revision: cs.seqtk_tools[0] });
    expect([unknown.status, unknown.body]).toEqual([200, [null, 'Cannot locate repository with name nothing and owner alice,']]);
    for (const missing of ['depot_url', 'name', 'owner', 'changeset_revision']) {
      const fields: Record<string, unknown> = { depot_url: 'http://localhost:9009', name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1], download_dir: dir };
      delete fields[missing];
      const res = await h.api.post('/api/repository_revisions/export').send(fields);
      expect([res.status, res.body]).toEqual([400, { err_msg: `Missing required parameter '${missing}'.`, err_code: 400007 }]);
    }
    const outside = await exportCapsule({ name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1], download_dir: '/etc' });
    expect([outside.status, outside.body.err_code]).toEqual([400, 400008]);
    // A link in an allowed directory leading elsewhere is outside too, and a changeset names no path.
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/etc', join(dir, 'elsewhere'));
    const linked = await exportCapsule({ name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1], download_dir: join(dir, 'elsewhere') });
    expect([linked.status, linked.body.err_code]).toEqual([400, 400008]);
    const traversal = await exportCapsule({ name: 'seqtk_tools', owner: 'alice', changeset_revision: '../../../etc/x' });
    expect([traversal.status, traversal.body.err_code]).toEqual([400, 400008]);
    expect(existsSync('/etc/capsule_localhost_colon_9009_seqtk_tools_alice_x.tar.gz')).toBe(false);
  });
});

describe('POST /api/repository_revisions/export: where a capsule may be written (download_dir)', () => {
  const fields = () => ({ name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1] });
  const refused = async (downloadDir: unknown, key?: string) => {
    const res = await exportCapsule({ ...fields(), download_dir: downloadDir }, key);
    expect([JSON.stringify(downloadDir).slice(0, 40), res.status, res.body.err_code]).toEqual([JSON.stringify(downloadDir).slice(0, 40), 400, 400008]);
    expect(res.body.err_msg.length).toBeLessThan(300);
    return res.body.err_msg as string;
  };

  it('refuses a path too long for the file system (a 300-character component, a 5,000-character path) with 400, never echoing it', async () => {
    expect(await refused(join(dir, 'x'.repeat(300)))).toBe('download_dir has a path component longer than 255 bytes.');
    expect(await refused(`${dir}/${'abc/'.repeat(1250)}`)).toBe('download_dir is longer than 4095 bytes.');
  });

  it('refuses anything but an absolute path: numbers, booleans, lists, relative paths, URLs; nothing is created in the working directory', async () => {
    for (const value of [123, true, ['a'], { dir }]) expect(await refused(value)).toBe('download_dir must be a path (text).');
    for (const value of ['123', 'true', 'a', 'capsules/new', 'file:///etc/passwd', '~/capsules']) expect(await refused(value)).toMatch(/^download_dir must be an absolute path under one of the depot's capsule directories/);
    for (const name of ['123', 'true', 'a', 'capsules', 'file:', '~']) expect(existsSync(join(process.cwd(), name))).toBe(false);
    // A form post's repeated field is a list too.
    const repeated = await h.api.post('/api/repository_revisions/export').type('form').send(`depot_url=x&name=seqtk_tools&owner=alice&changeset_revision=${cs.seqtk_tools[1]}&download_dir=${dir}&download_dir=${dir}`);
    expect([repeated.status, repeated.body.err_msg]).toEqual([400, 'download_dir must be a path (text).']);
  });

  it('writes into an existing directory for anyone, creates a new one only for administrators, and refuses a file', async () => {
    const fresh = join(dir, 'made', 'by', 'admin');
    expect(await refused(fresh)).toMatch(/^download_dir does not exist/);
    expect(await refused(fresh, alice.key)).toMatch(/^download_dir does not exist/);
    expect(existsSync(join(dir, 'made'))).toBe(false);
    const byAdmin = await exportCapsule({ ...fields(), download_dir: fresh }, h.masterKey);
    expect([byAdmin.status, byAdmin.body.capsule_file_name]).toEqual([200, join(fresh, `capsule_localhost_colon_9009_seqtk_tools_alice_${cs.seqtk_tools[1]}.tar.gz`)]);
    const anonymous = await exportCapsule({ ...fields(), download_dir: fresh });
    expect(anonymous.status).toBe(200);
    writeFileSync(join(dir, 'plain-file'), 'x');
    expect(await refused(join(dir, 'plain-file'))).toBe('download_dir is not a directory.');
  });

  it('writes to /tmp when no download_dir is given (the contract\'s default)', async () => {
    const res = await h.api.post('/api/repository_revisions/export').send({ depot_url: 'http://localhost:9009', ...fields() });
    expect([res.status, res.body.capsule_file_name]).toEqual([200, `/tmp/capsule_localhost_colon_9009_seqtk_tools_alice_${cs.seqtk_tools[1]}.tar.gz`]);
    rmSync(res.body.capsule_file_name, { force: true });
  });

  it('names the capsule file safely whatever the request\'s host (DEPOT_URL unset): no "/" or "..", at most 255 bytes', () => {
    expect(capsuleFileName(false, 'localhost:9009', 'tools', 'alice', 'abcdefabcdef')).toBe('capsule_localhost_colon_9009_tools_alice_abcdefabcdef.tar.gz');
    const hostile = capsuleFileName(true, 'a/../../etc', 'tools', 'alice', 'abcdefabcdef');
    expect(hostile).toBe('capsule_with_dependencies_a_.._.._etc_tools_alice_abcdefabcdef.tar.gz');
    const long = capsuleFileName(true, 'h'.repeat(400), 'n'.repeat(80), 'o'.repeat(255), 'f'.repeat(40));
    expect(long.length).toBeLessThanOrEqual(255);
    // The host goes first, then the owner is cut; the name and the changeset stay whole.
    expect(long).toMatch(new RegExp(`^capsule_with_dependencies__${'n'.repeat(80)}_o+_${'f'.repeat(40)}\\.tar\\.gz$`));
  });
});

describe('POST /api/repositories/new/import_capsule', () => {
  const importCapsule = (depot: TestDepot, key: string | undefined, capsule: string) =>
    depot.api.post('/api/repositories/new/import_capsule').query(key ? { key } : {}).send({ depot_url: 'http://localhost:9009', capsule_file_name: capsule });

  it("imports a capsule of the original platform's layout (an archive, no bundle) as one revision", async () => {
    const archive = tarball({ 'filter.xml': toolXml('filter1', '1.1.0') });
    const exportInfo = '<?xml version="1.0"?><export_info><export_time>x</export_time><tool_shed>http://old.example.org</tool_shed><repository_name>filtering</repository_name><repository_owner>alice</repository_owner><changeset_revision>0123456789ab</changeset_revision><export_repository_dependencies>False</export_repository_dependencies></export_info>';
    const manifest = '<?xml version="1.0"?><repositories><repository name="filtering" type="unrestricted" username="alice"><archive>filtering-0123456789ab.tar.gz</archive><description>Filter</description><long_description>Filter rows</long_description><categories/></repository></repositories>';
    const capsule = join(dir, 'original.tar.gz');
    writeFileSync(capsule, rawCapsule({ 'export_info.xml': exportInfo, 'manifest.xml': manifest, 'filtering-0123456789ab.tar.gz': archive }));
    const res = await importCapsule(h, alice.key, capsule);
    expect(res.body).toEqual({ 'Archive of repository "filtering" owned by "alice"': 'Repository "filtering" has been created.' });
    const [changeset] = await h.sql<{ commit_message: string; ctx_rev: number }>("select c.commit_message, c.ctx_rev from depot.changeset c join depot.repository r on r.id = c.repository_id where r.name = 'filtering'");
    expect(changeset).toEqual({ commit_message: `Imported from capsule ${capsule}`, ctx_rev: 0 });
    const ordered = await h.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'filtering', owner: 'alice' });
    expect(ordered.body).toHaveLength(1);
  });

  it('answers {} for an empty, missing, unreadable or invalid capsule file', async () => {
    const empty = join(dir, 'empty.tar.gz');
    writeFileSync(empty, '');
    const text = join(dir, 'text.tar.gz');
    writeFileSync(text, 'not an archive');
    const noManifest = join(dir, 'nomanifest.tar.gz');
    writeFileSync(noManifest, rawCapsule({ 'export_info.xml': '<export_info/>' }));
    const missingArchive = join(dir, 'missingarchive.tar.gz');
    writeFileSync(missingArchive, rawCapsule({ 'export_info.xml': '<export_info/>', 'manifest.xml': '<repositories><repository name="x" type="unrestricted" username="alice"><archive>x-0.tar.gz</archive></repository></repositories>' }));
    for (const capsule of [empty, text, noManifest, missingArchive, join(dir, 'does-not-exist.tar.gz')]) {
      const res = await importCapsule(h, alice.key, capsule);
      expect([capsule, res.status, res.body]).toEqual([capsule, 200, {}]);
    }
  });

  it('needs an identity (403001), both parameters (400007), and a file under DEPOT_CAPSULE_DIRS (400008)', async () => {
    const anonymous = await importCapsule(h, undefined, alone);
    expect([anonymous.status, anonymous.body.err_code]).toEqual([403, 403001]);
    const noName = await h.api.post('/api/repositories/new/import_capsule').query({ key: alice.key }).send({ depot_url: 'x' });
    expect([noName.status, noName.body]).toEqual([400, { err_msg: "Missing required parameter 'capsule_file_name'.", err_code: 400007 }]);
    const noUrl = await h.api.post('/api/repositories/new/import_capsule').query({ key: alice.key }).send({ capsule_file_name: alone });
    expect([noUrl.status, noUrl.body]).toEqual([400, { err_msg: "Missing required parameter 'depot_url'.", err_code: 400007 }]);
    const outside = await importCapsule(h, alice.key, '/etc/passwd');
    expect([outside.status, outside.body.err_code]).toEqual([400, 400008]);
  });

  it('refuses a capsule_file_name that is not text or too long for the file system (400008, never echoed)', async () => {
    for (const [value, message] of [
      [123, 'capsule_file_name must be a path (text).'],
      [['a.tar.gz'], 'capsule_file_name must be a path (text).'],
      [join(dir, `${'x'.repeat(300)}.tar.gz`), 'capsule_file_name has a path component longer than 255 bytes.'],
      [`${'abc/'.repeat(1250)}x.tar.gz`, 'capsule_file_name is longer than 4095 bytes.'],
    ] as const) {
      const res = await h.api.post('/api/repositories/new/import_capsule').query({ key: alice.key }).send({ depot_url: 'http://localhost:9009', capsule_file_name: value });
      expect([res.status, res.body]).toEqual([400, { err_msg: message, err_code: 400008 }]);
    }
  });

  // These start fresh depots on the same database: the depot above is emptied.
  it('recreates the repositories and every revision in a fresh depot (same changesets, installable revisions, install info)', async () => {
    const before = {
      ordered: (await h.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'seqtk_tools', owner: 'alice' })).body,
      info: (await h.api.get('/api/repositories/get_repository_revision_install_info').query({ name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1] })).body,
    };
    const fresh = await startTestDepot();
    try {
      const owner = await fresh.newUser('alice');
      const res = await importCapsule(fresh, fresh.admin.key, withDependencies);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        'Archive of repository "package_seqtk" owned by "alice"': 'Repository "package_seqtk" has been created.',
        'Archive of repository "seqtk_tools" owned by "alice"': 'This Tool Shed does not have the category "Fastq Manipulation" so it will not be associated with this repository.Repository "seqtk_tools" has been created.',
      });
      const listed = (await fresh.api.get('/api/repositories')).body;
      expect(listed.map((repository: { name: string; owner: string; type: string }) => [repository.name, repository.owner, repository.type])).toEqual([
        ['package_seqtk', 'alice', 'tool_dependency_definition'],
        ['seqtk_tools', 'alice', 'unrestricted'],
      ]);
      expect(listed[1]).toMatchObject({ description: 'The seqtk_tools tools', user_id: owner.id });
      const changesets = await fresh.sql<{ changeset_revision: string; commit_message: string }>("select c.changeset_revision, c.commit_message from depot.changeset c join depot.repository r on r.id = c.repository_id where r.name = 'seqtk_tools' order by c.ctx_rev");
      expect(changesets).toEqual([{ changeset_revision: cs.seqtk_tools[0], commit_message: 'first' }, { changeset_revision: cs.seqtk_tools[1], commit_message: 'second' }]);
      expect((await fresh.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'seqtk_tools', owner: 'alice' })).body).toEqual(before.ordered);
      const info = (await fresh.api.get('/api/repositories/get_repository_revision_install_info').query({ name: 'seqtk_tools', owner: 'alice', changeset_revision: cs.seqtk_tools[1] })).body;
      expect(info[2]).toEqual(before.info[2]);

      const again = await importCapsule(fresh, fresh.admin.key, withDependencies);
      expect(again.body).toEqual({
        'Archive of repository "package_seqtk" owned by "alice"': 'Import not necessary: repository status for this Tool Shed is: Exists.',
        'Archive of repository "seqtk_tools" owned by "alice"': 'Import not necessary: repository status for this Tool Shed is: Exists.',
      });
    } finally {
      await fresh.close();
    }
  });

  it('creates only what the caller may: the owner their own; others are not authorized; an owner without an account fails', async () => {
    const fresh = await startTestDepot();
    try {
      const bob = await fresh.newUser('bob');
      const byBob = await importCapsule(fresh, bob.key, alone);
      expect(byBob.body).toEqual({ 'Archive of repository "seqtk_tools" owned by "alice"': 'Import not necessary: repository status for this Tool Shed is: Not authorized to import.' });
      const byAdmin = await importCapsule(fresh, fresh.masterKey, alone);
      expect(byAdmin.body).toEqual({ 'Archive of repository "seqtk_tools" owned by "alice"': 'Import failed: repository owner "alice" does not have an account in this Tool Shed.' });
      const alice2 = await fresh.newUser('alice');
      const byOwner = await importCapsule(fresh, alice2.key, alone);
      expect(Object.values(byOwner.body)).toEqual(['This Tool Shed does not have the category "Fastq Manipulation" so it will not be associated with this repository.Repository "seqtk_tools" has been created.']);
    } finally {
      await fresh.close();
    }
  });
});

/** A gzip tar of named files (the capsule's members). */
function rawCapsule(files: Record<string, string | Buffer>): Buffer {
  const tar = require('tar') as typeof import('tar');
  const blocks: Buffer[] = [];
  for (const [path, content] of Object.entries(files)) {
    const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const header = new tar.Header({ path, mode: 0o644, size: body.length, mtime: new Date(), type: 'File' });
    const block = Buffer.alloc(512);
    header.encode(block);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}
