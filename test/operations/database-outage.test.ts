import { createHistory } from '../support/data-helpers';
import { toolDirWith } from '../support/job-helpers';
import { patient } from '../support/patience';
import { type PausableProxy, startPausableProxy } from '../support/pausable-proxy';
import { eventually } from '../support/server-processes';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { capturedLog } from '../support/captured-log';

/**
 * The database going away under a running service and coming back (issue 37, item 7), through a
 * proxy the test cuts: requests answer 503 with Retry-After (never a 500), the log says so once when
 * it starts and once when it ends, nothing acknowledged is lost, and a job that ended meanwhile is
 * recorded as soon as the database is back (not after the 60 s stale interval).
 */
const { log, lines } = capturedLog();

const NAP_TOOL = `<tool id="nap" name="Nap" version="1.0">
  <command>sleep 3 &amp;&amp; echo rested > '$out1'</command>
  <inputs/>
  <outputs><data name="out1" format="txt"/></outputs>
</tool>`;

/** What reaches console.log meanwhile (knex prints there unless its log is routed). */
const consoleLines: string[] = [];

let proxy: PausableProxy;
let h: TestPlatform;
let ada: TestUser;

beforeAll(async () => {
  jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void consoleLines.push(args.map(String).join(' ')));
  proxy = await startPausableProxy(process.env.TEST_DATABASE_URL as string);
  h = await startTestPlatform({ DATABASE_URL: proxy.url, TOOL_DIRS: toolDirWith('nap.xml', NAP_TOOL), JOB_HEARTBEAT_MS: '1000' }, { log });
  ada = await h.newUser('ada');
  await h.warmKeys(ada.key);
}, patient(60_000));
afterAll(async () => {
  jest.restoreAllMocks();
  await proxy?.resume().catch(() => undefined);
  await h?.close();
  await proxy?.close();
});

const jobState = async (id: string) => (await h.api.get(`/api/jobs/${id}`).set('x-api-key', ada.key)).body.state as string;

describe('the database away for a few seconds, then back', () => {
  it('answers 503 with Retry-After meanwhile, logs the outage once, loses nothing acknowledged, and records a job that ended meanwhile within 10 s of the return', async () => {
    const historyId = await createHistory(h, ada.key, 'before the outage');
    const run = await h.api.post('/api/tools').set('x-api-key', ada.key).send({ tool_id: 'nap', history_id: historyId, inputs: {} });
    expect(run.status).toBe(200);
    const jobId = run.body.jobs[0].id as string;
    await eventually(async () => (await jobState(jobId)) === 'running', 15_000);
    // Its command is under way (it sleeps 3 s) when the database goes.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const before = lines.length;
    await proxy.pause();
    const downAt = Date.now();
    try {
      const listing = await h.api.get('/api/histories').set('x-api-key', ada.key);
      expect(listing.status).toBe(503);
      expect(listing.headers['retry-after']).toBe('5');
      expect(listing.body).toMatchObject({ err_code: 503001, err_msg: 'The database is unreachable at the moment; try again shortly.' });
      const write = await h.api.post('/api/histories').set('x-api-key', ada.key).send({ name: 'during the outage' });
      expect(write.status).toBe(503);
      const graph = await h.api.post('/graphql').set('x-api-key', ada.key).send({ query: '{ histories { id } }' });
      expect(JSON.stringify(graph.body)).toContain('The database is unreachable at the moment');
      expect(graph.status).not.toBe(500);
      // The job's command ends (3 s) while the database is still away.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 4500 - (Date.now() - downAt))));
      const during = lines.slice(before);
      expect(during.filter((line) => line.msg.startsWith('database unreachable'))).toHaveLength(1);
      expect(during.filter((line) => line.level >= 50)).toEqual([]);
      // knex's own "Connection Error" lines go through the structured log (as debug lines), never console.log.
      expect(consoleLines.filter((line) => /Connection Error/.test(line))).toEqual([]);
    } finally {
      await proxy.resume();
    }
    const backAt = Date.now();
    await eventually(async () => (await jobState(jobId)) === 'ok', 10_000);
    const recordedMs = Date.now() - backAt;
    process.stdout.write(`a job that ended during a ${Math.round((backAt - downAt) / 100) / 10} s outage was recorded ${recordedMs} ms after the database came back\n`);
    expect(recordedMs).toBeLessThan(10_000);
    expect(lines.slice(before).filter((line) => line.msg === 'database reachable again')).toHaveLength(1);
    expect(lines.slice(before).some((line) => line.msg === 'job ended while the database is unreachable; its result is recorded when it is back')).toBe(true);
    const names = ((await h.api.get('/api/histories').set('x-api-key', ada.key)).body as Array<{ name: string }>).map((history) => history.name);
    expect(names).toEqual(['before the outage']);
  }, patient(90_000));
});
