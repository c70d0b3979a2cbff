import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, eventually, type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-processes';
import { toolDataFixture } from '../support/tool-data-helpers';
import { patient } from '../support/patience';

/**
 * Two server processes on one PostgreSQL server see the same tool data tables: a reload or an entry
 * removal through one reaches the other through `NOTIFY tool_data_changed`. (The embedded database
 * belongs to one process; this runs on the server only.)
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const onServer = serverUrl ? describe : describe.skip;
const MASTER = 'tool-data-processes-master-key';

onServer('tool data tables in two server processes on one database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tool-data-processes-'));
  const fx = toolDataFixture();
  let a: ServerProcess;
  let b: ServerProcess;

  const start = () =>
    startServerProcess({
      ...fx.env,
      DATABASE_URL: serverUrl ?? '',
      DATA_DIR: dataDir,
      MASTER_API_KEY: MASTER,
      ID_SECRET: 'tool-data-processes-id-secret-01',
      LOG_LEVEL: 'warn',
      LOCAL_JOB_WORKERS: '1',
      WEB_CONCURRENCY: '1',
    });

  const valuesOn = async (server: ServerProcess) => {
    const res = await call(server, 'GET', '/api/tool_data/testalpha', { key: MASTER });
    expect(res.status).toBe(200);
    return (res.body.fields as unknown as string[][]).map((row) => row[0]);
  };

  beforeAll(async () => {
    a = await start();
    b = await start();
  }, patient(120_000));

  afterAll(async () => {
    await stopServerProcess(a);
    await stopServerProcess(b);
    rmSync(dataDir, { recursive: true, force: true });
    fx.remove();
  });

  it('a reload in one process is seen by the other', async () => {
    fx.append(fx.alphaLoc, 'data3\tdata3name\t/x/data3.fa\n');
    expect(await valuesOn(b)).toEqual(['data1', 'data2']);
    expect((await call(a, 'GET', '/api/tool_data/testalpha/reload', { key: MASTER })).status).toBe(200);
    await eventually(async () => (await valuesOn(b)).includes('data3'));
    expect(await valuesOn(b)).toEqual(['data1', 'data2', 'data3']);
  });

  it('an entry deleted in one process is gone from the other', async () => {
    const res = await call(b, 'DELETE', '/api/tool_data/testalpha', { key: MASTER, body: { values: 'data1\tdata1name\t${__HERE__}/data1/entry.txt' } });
    expect(res.status).toBe(200);
    expect((res.body.fields as unknown as string[][]).map((row) => row[0])).toEqual(['data2', 'data3']);
    await eventually(async () => !(await valuesOn(a)).includes('data1'));
    expect(await valuesOn(a)).toEqual(['data2', 'data3']);
  });

  it('concurrent deletes through both processes each take effect (file rewrites do not interleave)', async () => {
    const [first, second] = await Promise.all([
      call(a, 'DELETE', '/api/tool_data/testalpha', { key: MASTER, body: { values: 'data2\tdata2name\t${__HERE__}/data2/entry.txt' } }),
      call(b, 'DELETE', '/api/tool_data/testalpha', { key: MASTER, body: { values: 'data3\tdata3name\t/x/data3.fa' } }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(fx.read(fx.alphaLoc)).not.toMatch(/^data[123]\t/m);
    await eventually(async () => (await valuesOn(a)).length === 0 && (await valuesOn(b)).length === 0);
  });
});
