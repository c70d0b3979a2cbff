import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guidOf, installRevision, reverseToolXml } from '../support/depot-install-helpers';
import { createRepository, publish } from '../support/depot-helpers';
import { eventually } from '../support/history-helpers';
import { sql } from '../support/job-helpers';
import { freePort } from '../support/server-processes';
import { startTestDepot, type TestDepot } from '../support/test-depot';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * An install is a durable task: a platform that stops mid-install leaves its record and its task
 * in PostgreSQL, and the next start takes the task up again: the install finishes from a clean
 * directory, or, when it cannot (its depot is gone), ends Error with its files removed.
 */
let depot: TestDepot;
let dataDir: string;
let h: TestPlatform | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'depot-installs-restart-'));
  depot = await startTestDepot({}, { listen: true });
});
afterAll(async () => {
  if (h) {
    // Even after a failure, no install task is left queued for the platforms of later test files.
    await h.platform.services.tasks.stop();
    await sql(h, "delete from background_task where kind = 'depot.install' and state in ('queued', 'running')");
  }
  await h?.close();
  await depot?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(fresh: boolean): Promise<TestPlatform> {
  await h?.close();
  h = await startTestPlatform({ DEPOT_URLS: depot.url! }, { reset: fresh, dataDir });
  return h;
}

/** What a crash while cloning leaves: the record mid-way, half its files, its task held by a dead worker. */
async function crashWhileCloning(platform: TestPlatform, record: { id: string; tool_shed: string; owner: string; name: string; installed_changeset_revision: string }, depotUrl?: string) {
  const id = platform.platform.services.ids.decode(record.id);
  await sql(platform, 'delete from depot_installed_tool where repository_id = ?', [id]);
  await sql(platform, "update tool_shed_repository set status = 'Cloning', depot_url = coalesce(?, depot_url) where id = ?", [depotUrl ?? null, id]);
  await sql(
    platform,
    "update background_task set state = 'running', locked_by = 'crashed-host:1:tasks:dead', heartbeat_time = now() - interval '1 hour' where kind = 'depot.install' and payload->'repositoryIds' @> ?::jsonb",
    [JSON.stringify([id])],
  );
  const dir = join(platform.platform.config.depotToolDir, record.tool_shed, 'repos', record.owner, record.name, record.installed_changeset_revision);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, record.name), { recursive: true });
  writeFileSync(join(dir, record.name, 'half-written.xml'), '<tool id="half"');
  return dir;
}

const statusOf = async (platform: TestPlatform, id: string) => (await platform.api.get(`/api/tool_shed_repositories/${id}`).query({ key: platform.admin.key })).body as { status: string; error_message: string };

describe('an install across a restart', () => {
  it('a crash mid-install is finished by the next start; an install whose depot is gone ends Error, its files removed', async () => {
    const first = await start(true);
    const author = await depot.newUser('author');
    const kept = await createRepository(depot, author, 'kept');
    const lost = await createRepository(depot, author, 'lost');
    const keptCs = await publish(depot, author, kept, { 'kept.xml': reverseToolXml('1.0', { id: 'kept_tool' }) });
    const lostCs = await publish(depot, author, lost, { 'lost.xml': reverseToolXml('1.0', { id: 'lost_tool' }) });
    const [keptRecord] = await installRevision(first, depot, 'author', 'kept', keptCs);
    const [lostRecord] = await installRevision(first, depot, 'author', 'lost', lostCs);
    await first.platform.services.tasks.stop();
    const keptDir = await crashWhileCloning(first, keptRecord as never);
    const lostDir = await crashWhileCloning(first, lostRecord as never, `http://127.0.0.1:${await freePort()}`);

    const second = await start(false);
    const finished = await eventually(async () => {
      const status = await statusOf(second, keptRecord.id);
      return status.status === 'Installed' ? status : null;
    }, 20000, 'the interrupted install to finish');
    expect(finished.error_message).toBe('');
    expect(readdirSync(join(keptDir, 'kept'))).toEqual(['kept.xml']);
    const guid = guidOf(depot, 'author', 'kept', 'kept_tool', '1.0');
    expect((await second.api.get('/api/tools').query({ tool_id: guid })).body).toEqual(['1.0']);

    const failed = await eventually(async () => {
      const status = await statusOf(second, lostRecord.id);
      return status.status === 'Error' ? status : null;
    }, 20000, 'the install whose depot is gone to end Error');
    expect(failed.error_message).toMatch(/^Error cloning repository: /);
    expect(existsSync(lostDir)).toBe(false);
    expect((await second.api.get('/api/tools').query({ tool_id: guidOf(depot, 'author', 'lost', 'lost_tool', '1.0') })).body).toEqual([]);
  });
});
