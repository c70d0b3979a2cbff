import { rmSync } from 'node:fs';
import { createHistory, datasetText, waitForJob } from '../support/data-helpers';
import { toolDirWith } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { ALPHA_LOC, GENOME_TOOL, toolDataFixture, type ToolDataFixture } from '../support/tool-data-helpers';

/**
 * Tools read tool data tables: a select with `<options from_data_table>` lists the table's entries
 * (value and name columns, filters) and accepts only their values, so an entry an administrator adds
 * (and reloads) is offered at once, and one removed is refused.
 */

let h: TestPlatform;
let alice: TestUser;
let fx: ToolDataFixture;
let toolDir: string;
let historyId: string;

beforeAll(async () => {
  fx = toolDataFixture();
  toolDir = toolDirWith('pick_genome.xml', GENOME_TOOL);
  h = await startTestPlatform({ ...fx.env, TOOL_DIRS: toolDir });
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
});
afterAll(async () => {
  await h.close();
  fx.remove();
  rmSync(toolDir, { recursive: true, force: true });
});

const inputsOf = async () => {
  const res = await h.api.get('/api/tools/pick_genome').query({ key: alice.key, io_details: 'true' });
  expect(res.status).toBe(200);
  return res.body.inputs as Array<{ name: string; options: unknown[]; value: unknown; is_dynamic: boolean }>;
};
const run = (inputs: Record<string, unknown>) => h.api.post('/api/tools').send({ key: alice.key, tool_id: 'pick_genome', history_id: historyId, inputs });
const reload = () => h.api.get('/api/tool_data/testalpha/reload').query({ key: h.admin.key });

describe('a select with <options from_data_table>', () => {
  it("lists the table's entries (name, value) and selects the first by default", async () => {
    const [genome, sorted] = await inputsOf();
    expect(genome).toMatchObject({
      name: 'genome',
      is_dynamic: true,
      value: 'data1',
      options: [
        ['data1name', 'data1', false],
        ['data2name', 'data2', false],
      ],
    });
    // The table's own columns, then the filters: sort_by name, static_value keep=false, add_value at 0.
    expect(sorted.options).toEqual([
      ['No genome', 'none', false],
      ['data2name', 'data2', false],
    ]);
  });

  it('accepts a value of the table and runs with it', async () => {
    const res = await run({ genome: 'data2' });
    expect(res.status).toBe(200);
    const job = await waitForJob(h, alice.key, res.body.jobs[0].id);
    expect(job.state).toBe('ok');
    expect(await datasetText(h, alice.key, res.body.outputs[0].id)).toBe('data2\n');
  });

  it('refuses a value the table does not hold', async () => {
    const res = await run({ genome: 'hg19' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ err_msg: "Parameter 'genome': an invalid option was selected: 'hg19' is not a value of the data table 'testalpha'.", err_code: 400008 });
    const filtered = await run({ genome: 'data1', sorted: 'data1' });
    expect(filtered.status).toBe(400);
    expect(filtered.body.err_msg).toContain("Parameter 'sorted'");
  });

  it('offers an entry an administrator adds as soon as the table is reloaded, and refuses one removed', async () => {
    fx.append(fx.alphaLoc, 'data3\tdata3name\t/elsewhere/data3.fa\n');
    expect((await reload()).status).toBe(200);
    const [genome] = await inputsOf();
    expect(genome.options).toContainEqual(['data3name', 'data3', false]);
    expect((await run({ genome: 'data3' })).status).toBe(200);

    const removed = await h.api.delete('/api/tool_data/testalpha').query({ key: h.admin.key }).send({ values: 'data3\tdata3name\t/elsewhere/data3.fa' });
    expect(removed.status).toBe(200);
    const [after] = await inputsOf();
    expect(after.options).not.toContainEqual(['data3name', 'data3', false]);
    expect((await run({ genome: 'data3' })).status).toBe(400);
    expect(fx.read(fx.alphaLoc)).toBe(ALPHA_LOC);
  });
});
