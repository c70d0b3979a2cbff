import { rmSync } from 'node:fs';
import { IdCodec } from '../../src/ids/id-codec';
import { importInto, newDataDir } from '../support/import-run';
import { dropDatabase, freshDatabase, legacyDatabase, type LegacySchema, serverUrl, sqlOn } from '../support/legacy-installation';
import { type ImportedCopy, openImportedCopy } from '../support/imported-installation';
import { DEFAULT_ID_SECRET, type TestPlatform } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * Users, keys, passwords, roles, groups and quotas of a 15.05 installation carried over
 * (test/importer/seed/010-users.sql), on both dumps of its schema: ids, keys and passwords keep
 * working as they did on the platform.
 */
const onServer = serverUrl ? describe : describe.skip;
if (!serverUrl) console.warn('SKIPPED: importer tests: they need TEST_DATABASE_URL (the 15.05 source is a PostgreSQL server database)');

const ids = new IdCodec(DEFAULT_ID_SECRET);
type Dict = Record<string, unknown>;

describe.each<[LegacySchema, string]>([
  ['schema-migrated.sql', 'migrated'],
  ['schema.sql', 'mapped'],
])('import of users and access from a 15.05 database (%s)', (schema, tag) => {
  const target = `import_users_target_${tag}`;
  let imported: ImportedCopy;
  let h: TestPlatform;
  let output: string[];

  onServer('carried over', () => {
    beforeAll(async () => {
      imported = await openImportedCopy(schema, target);
      ({ h, lines: output } = imported);
    }, patient(120000));
    afterAll(() => imported?.close());

    it('keeps every user id, so encoded ids are those of the platform (deleted and purged users too)', async () => {
      const active = (await h.api.get('/api/users').query({ key: h.masterKey })).body as Dict[];
      expect(active.find((user) => user.email === 'alice@example.org')?.id).toBe('f597429621d6eb2b');
      expect(active.map((user) => user.id)).toEqual(expect.arrayContaining([1, 2, 4, 7, 9].map((id) => ids.encode(id))));
      const deleted = (await h.api.get('/api/users/deleted').query({ key: h.masterKey })).body as Dict[];
      expect(deleted.map((user) => user.email).sort()).toEqual(['bob@example.org', 'dave@example.org']);
    });

    it("accepts a user's newest key and refuses the older one as expired; a deleted user's key is refused", async () => {
      const current = await h.api.get('/api/users/current').query({ key: 'a11ce0000000000000000000000c0de5' });
      expect(current.status).toBe(200);
      expect(current.body.id).toBe(ids.encode(2));
      const old = await h.api.get('/api/users/current').query({ key: '0123456789abcdef0123456789abcdef' });
      expect(old.status).toBe(403);
      expect(old.body.err_msg).toBe('Provided API key has expired.');
      expect((await h.api.get('/api/histories').query({ key: 'b0b00000000000000000000000000001' })).status).toBe(403);
    });

    it("logs in with the platform's PBKDF2 and sha1 passwords, then stores them in this service's format", async () => {
      const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
      const alice = await h.api.get('/api/authenticate/baseauth').set('authorization', basic('alice@example.org', 'alice-password'));
      expect(alice.status).toBe(200);
      expect(alice.body.api_key).toBe('a11ce0000000000000000000000c0de5');
      const carol = await h.api.get('/api/authenticate/baseauth').set('authorization', basic('carol@example.org', 'carol-password'));
      expect(carol.status).toBe(200);
      expect((await h.api.get('/api/authenticate/baseauth').set('authorization', basic('carol@example.org', 'wrong'))).status).toBe(401);
      expect((await h.api.get('/api/authenticate/baseauth').set('authorization', basic('bob@example.org', 'bob-password'))).status).toBe(401);
      const stored = await sqlOn<{ email: string; password: string }>(target, "select email, password from galaxy_user where email in ('alice@example.org', 'carol@example.org', 'gina@example.org') order by email");
      expect(stored.map((row) => [row.email, row.password.slice(0, 2)])).toEqual([
        ['alice@example.org', '$2'],
        ['carol@example.org', '$2'],
        ['gina@example.org', '46'],
      ]);
      expect((await h.api.get('/api/authenticate/baseauth').set('authorization', basic('alice@example.org', 'alice-password'))).status).toBe(200);
    });

    it('carries roles, groups and quotas with their members and defaults', async () => {
      const roles = (await h.api.get('/api/roles').query({ key: h.admin.key })).body as Dict[];
      expect(roles.find((role) => role.name === 'sequencing-core')?.id).toBe(ids.encode(5));
      const group = (await h.api.get(`/api/groups/${ids.encode(1)}`).query({ key: h.admin.key })).body as Dict;
      expect(group.name).toBe('core-facility');
      const members = (await h.api.get(`/api/groups/${ids.encode(1)}/users`).query({ key: h.admin.key })).body as Dict[];
      expect(members.map((user) => user.email).sort()).toEqual(['alice@example.org', 'carol@example.org']);
      const quotas = (await h.api.get('/api/quotas').query({ key: h.admin.key })).body as Dict[];
      expect(quotas.map((quota) => quota.name).sort()).toEqual(['carol small', 'core bonus', 'default registered']);
      const quota = (await h.api.get(`/api/quotas/${ids.encode(1)}`).query({ key: h.admin.key })).body as Dict;
      expect(quota).toMatchObject({ name: 'default registered', default: [expect.objectContaining({ type: 'registered' })] });
    });

    it('reports every row it skipped or changed, with the reason', () => {
      const text = output.join('\n');
      expect(text).toContain('skipped api_keys 6: user_id 99 names no galaxy_user that was carried over');
      expect(text).toContain('skipped user_role_association 7: user_id 42 names no galaxy_user that was carried over');
      expect(text).toContain("galaxy_user 7: email alice@example.org is also user 2's: carried as alice@example.org.duplicate-7");
      expect(text).toMatch(/galaxy_user\s+7\s+7\s+0/);
    });

    it('continues every sequence after the largest imported id', async () => {
      const created = await h.newUser('newcomer');
      expect(ids.decode(created.id)).toBe(10);
    });
  });
});

onServer('import-galaxy refusals', () => {
  it('refuses a database at another migration version, naming it, and writes nothing', async () => {
    const sourceUrl = await legacyDatabase('import_refusal_source', 'schema-migrated.sql');
    await sqlOn('import_refusal_source', "update migrate_version set version = 120 where repository_id = 'Galaxy'");
    const targetUrl = await freshDatabase('import_refusal_target');
    const dataDir = newDataDir('import-refusal');
    try {
      const run = await importInto(targetUrl, dataDir, ['--database', sourceUrl, '--file-path', '/galaxy/files']);
      expect(run.code).toBe(1);
      expect(run.lines.join('\n')).toContain('the source database is at migration version 120; only release 15.05 (version 129) can be imported');
      expect(await sqlOn<{ n: string }>('import_refusal_target', "select count(*) as n from pg_tables where schemaname = 'galaxy_import'")).toEqual([{ n: '0' }]);
      // A target that holds anything is refused too.
      await sqlOn('import_refusal_source', "update migrate_version set version = 129 where repository_id = 'Galaxy'");
      await sqlOn('import_refusal_target', "insert into galaxy_user (create_time, update_time, email) values (now(), now(), 'someone@example.org')");
      const again = await importInto(targetUrl, dataDir, ['--database', sourceUrl, '--file-path', '/galaxy/files']);
      expect(again.code).toBe(1);
      expect(again.lines.join('\n')).toContain('the target database is not empty (galaxy_user hold rows)');
      // A dry run reports without writing.
      const dry = await importInto(targetUrl, dataDir, ['--database', sourceUrl, '--file-path', '/galaxy/files', '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.lines).toContain('dry run: nothing was written');
      expect(await sqlOn<{ n: string }>('import_refusal_target', 'select count(*) as n from galaxy_user')).toEqual([{ n: '1' }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase('import_refusal_source');
      await dropDatabase('import_refusal_target');
    }
  }, patient(60000));

  it('names a source database it cannot reach, without its password, and exits 1', async () => {
    const targetUrl = await freshDatabase('import_unreachable_target');
    const dataDir = newDataDir('import-unreachable');
    try {
      const run = await importInto(targetUrl, dataDir, ['--database', 'postgres://galaxy:hunter2@127.0.0.1:5432/no_such_galaxy_database', '--file-path', '/galaxy/files']);
      expect(run.code).toBe(1);
      const said = run.lines.join('\n');
      expect(said).toContain('import refused: cannot connect to the source database postgres://galaxy@127.0.0.1:5432/no_such_galaxy_database');
      expect(said).not.toContain('hunter2');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase('import_unreachable_target');
    }
  });

  it('asks for a postgres URL and an absolute file path', async () => {
    const run = await importInto('postgres://postgres@127.0.0.1:5432/unused', newDataDir('import-usage'), ['--database', 'mysql://x', '--file-path', 'relative']);
    expect(run.code).toBe(2);
    expect(run.lines[0]).toContain('usage: npm run admin -- import-galaxy');
  });
});
