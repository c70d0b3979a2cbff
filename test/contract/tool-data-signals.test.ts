import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { toolDataFixture, type ToolDataFixture } from '../support/tool-data-helpers';

/**
 * Two platforms on one database (in this process; test/operations/tool-data-processes.test.ts runs
 * two server processes): a reload or an entry removal through one is signalled through the database
 * and the other re-reads the table; after a time its signals may have been missed, it re-reads all.
 */

let a: TestPlatform;
let b: TestPlatform;
let fx: ToolDataFixture;

beforeAll(async () => {
  fx = toolDataFixture();
  a = await startTestPlatform(fx.env);
  b = await startTestPlatform(fx.env, { reset: false });
});
afterAll(async () => {
  await b.close();
  await a.close();
  fx.remove();
});

const valuesOn = async (h: TestPlatform, table = 'testalpha') => {
  const res = await h.api.get(`/api/tool_data/${table}`).query({ key: h.masterKey });
  expect(res.status).toBe(200);
  return (res.body.fields as string[][]).map((row) => row[0]);
};

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('tool data tables shared by several platforms on one database', () => {
  it('a reload through one is seen by the other', async () => {
    fx.append(fx.alphaLoc, 'data3\tdata3name\t/x/data3.fa\n');
    // The other platform reads files only when told to.
    expect(await valuesOn(b)).toEqual(['data1', 'data2']);
    expect((await a.api.get('/api/tool_data/testalpha/reload').query({ key: a.masterKey })).status).toBe(200);
    await eventually(async () => (await valuesOn(b)).includes('data3'));
    expect(await valuesOn(b)).toEqual(['data1', 'data2', 'data3']);
  });

  it('an entry removed through one is gone from the other', async () => {
    const res = await b.api.delete('/api/tool_data/testalpha').query({ key: b.masterKey }).send({ values: 'data3\tdata3name\t/x/data3.fa' });
    expect(res.status).toBe(200);
    expect(res.body.fields.map((row: string[]) => row[0])).toEqual(['data1', 'data2']);
    await eventually(async () => !(await valuesOn(a)).includes('data3'));
  });

  it('re-reads every table once signals may have been missed', async () => {
    fx.append(fx.betaLoc, 'beta2\t/somewhere/beta2.2bit\n');
    const signals = b.platform.services.db.signals;
    signals.setListening(false);
    signals.setListening(true);
    await eventually(async () => (await valuesOn(b, 'testbeta')).includes('beta2'));
    // The first platform heard nothing: it still lists what it read.
    expect(await valuesOn(a, 'testbeta')).toEqual(['beta1']);
  });
});
