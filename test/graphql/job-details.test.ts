import { rmSync } from 'node:fs';
import { createCollection, createHistory, runTool, uploadFile, uploadText, waitForJob } from '../support/data-helpers';
import { sql, toolDirWith, decoded } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A tool with every grouping the details screen nests: a select, a boolean, a conditional, a repeat. */
const DETAIL_TOOL = `<tool id="detail_tool" name="Detail tool" version="1.2">
  <command>cat '$input1' > '$out1' &amp;&amp; echo "read $mode.kind"</command>
  <inputs>
    <param name="input1" type="data" format="txt" label="Dataset to read"/>
    <param name="flag" type="boolean" truevalue="yes" falsevalue="no" checked="false" label="Be verbose"/>
    <param name="order" type="select" label="Order"><option value="asc">Ascending</option><option value="desc">Descending</option></param>
    <conditional name="mode">
      <param name="kind" type="select" label="Mode"><option value="fast">Fast</option><option value="slow">Slow</option></param>
      <when value="fast"/>
      <when value="slow"><param name="passes" type="integer" value="3" label="Passes"/></when>
    </conditional>
    <repeat name="queries" title="Query"><param name="term" type="text" label="Term"/></repeat>
  </inputs>
  <outputs><data name="out1" format="txt"/></outputs>
</tool>`;

/** Fails on a dataset holding "bad": a map over a collection with one failed element. */
const PICKY_TOOL = `<tool id="picky_tool" name="Picky tool" version="1.0">
  <command>if grep -q bad '$input1'; then echo "bad input" >&amp;2; exit 3; fi; cat '$input1' > '$out1'</command>
  <stdio><exit_code range="1:" level="fatal"/></stdio>
  <inputs><param name="input1" type="data" format="txt" label="Dataset"/></inputs>
  <outputs><data name="out1" format="txt"/></outputs>
</tool>`;

/** Reads a list collection: a collection parameter for the details screen and the rerun state. */
const COLLECTION_TOOL = `<tool id="collection_tool" name="Collection tool" version="1.0">
  <command>
#for $sample in $samples
cat '$sample' >> '$out1';
#end for
  </command>
  <inputs><param name="samples" type="data_collection" collection_type="list" format="txt" label="Samples"/></inputs>
  <outputs><data name="out1" format="txt"/></outputs>
</tool>`;

const DETAILS = `query ($id: ID!) {
  job(id: $id) {
    id toolId toolName toolVersion toolInstalled state exitCode stdout stderr createTime updateTime
    commandLine runner destinationId externalId
    parameters { name label value datasets { id hid name } children { name label value children { name label value } } }
    inputs { name dataset { id hid name } }
    inputCollections { name collection { id hid name } }
    outputs { name dataset { id hid name } }
    metrics { name title value rawValue }
    rerunState { toolId toolVersion values repeats remappable mappedElements { outputName collectionId collectionHid collectionName elementPath outputDatasetId } }
  }
}`;

let h: TestPlatform;
let toolDir: string;
let alice: TestUser;
let bob: TestUser;
let historyId: string;
let input: { datasetId: string; jobId: string };
let jobId: string;

const gql = async (key: string, query: string, variables: Record<string, unknown>) => {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  return res.body as { data?: Record<string, any>; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
};

beforeAll(async () => {
  toolDir = toolDirWith('detail_tool.xml', DETAIL_TOOL);
  writeFileSync(join(toolDir, 'picky_tool.xml'), PICKY_TOOL);
  writeFileSync(join(toolDir, 'collection_tool.xml'), COLLECTION_TOOL);
  h = await startTestPlatform({ TOOL_DIRS: toolDir });
  alice = await h.newUser('jobdetails-alice');
  bob = await h.newUser('jobdetails-bob');
  historyId = await createHistory(h, alice.key, 'details');
  input = await uploadText(h, alice.key, historyId, 'hello\n', { fileType: 'txt', name: 'greeting.txt' });
  await waitForJob(h, alice.key, input.jobId);
  const run = await runTool(h, alice.key, historyId, 'detail_tool', {
    input1: { src: 'hda', id: input.datasetId },
    flag: true,
    order: 'desc',
    'mode|kind': 'slow',
    'mode|passes': 5,
    'queries_0|term': 'alpha',
    'queries_1|term': 'beta',
  });
  jobId = run.jobs[0].id;
  await waitForJob(h, alice.key, jobId);
});

afterAll(async () => {
  await h.close();
  rmSync(toolDir, { recursive: true, force: true });
});

describe('Job.parameters: labelled as the tool form shows them', () => {
  it('gives labels, option labels, Yes/No, hid: name, and nests the conditional and the numbered repeat instances', async () => {
    const body = await gql(alice.key, DETAILS, { id: jobId });
    expect(body.errors).toBeUndefined();
    const job = body.data!.job;
    expect(job).toMatchObject({ toolId: 'detail_tool', toolName: 'Detail tool', toolVersion: '1.2', toolInstalled: true, state: 'ok', exitCode: 0 });
    expect(job.stdout).toContain('read slow');
    const byLabel = Object.fromEntries((job.parameters as Array<{ label: string }>).map((param) => [param.label, param]));
    expect(byLabel['Dataset to read']).toMatchObject({ name: 'input1', value: '1: greeting.txt', datasets: [{ id: input.datasetId, hid: 1, name: 'greeting.txt' }] });
    expect(byLabel['Be verbose']).toMatchObject({ value: 'Yes' });
    expect(byLabel.Order).toMatchObject({ value: 'Descending' });
    expect(byLabel.Mode).toMatchObject({ name: 'mode|kind', value: 'Slow', children: [{ name: 'mode|passes', label: 'Passes', value: '5' }] });
    expect(byLabel.Query).toMatchObject({
      children: [
        { label: 'Query 1', children: [{ label: 'Term', value: 'alpha' }] },
        { label: 'Query 2', children: [{ label: 'Term', value: 'beta' }] },
      ],
    });
  });

  it('gives the input datasets with hid and name, the outputs, and metrics by their 15.05 names', async () => {
    const job = (await gql(alice.key, DETAILS, { id: jobId })).data!.job;
    expect(job.inputs).toEqual([{ name: 'input1', dataset: { id: input.datasetId, hid: 1, name: 'greeting.txt' } }]);
    expect(job.outputs).toEqual([{ name: 'out1', dataset: expect.objectContaining({ hid: 2 }) }]);
    const metrics = Object.fromEntries((job.metrics as Array<{ name: string; title: string }>).map((metric) => [metric.name, metric]));
    expect(metrics.runtime_seconds).toMatchObject({ title: 'Job Runtime (Wall Clock)' });
    expect(metrics.galaxy_slots).toMatchObject({ title: 'Cores Allocated', value: '1' });
  });

  it("labels an upload's parameters as the upload form does, a file by its own name, never the server's path", async () => {
    const uploaded = await uploadFile(h, alice.key, historyId, Buffer.from('x\ty\n'), 'my table.tsv', 'tabular');
    await waitForJob(h, alice.key, uploaded.jobId);
    const job = (await gql(alice.key, DETAILS, { id: uploaded.jobId })).data!.job;
    const text = JSON.stringify(job.parameters);
    expect(text).not.toContain(h.platform.services.layout.uploadStore);
    const byLabel = Object.fromEntries((job.parameters as Array<{ label: string }>).map((param) => [param.label, param]));
    expect(byLabel['File Format']).toMatchObject({ value: 'tabular' });
    expect((byLabel['Specify Files for Dataset'] as unknown as { children: unknown[] }).children[0]).toMatchObject({ label: 'Specify Files for Dataset 1', children: expect.arrayContaining([expect.objectContaining({ label: 'File', value: 'my table.tsv' })]) });
  });

  it('gives a collection parameter and input by hid and name, and its id to fill the form in again', async () => {
    const one = await uploadText(h, alice.key, historyId, 'one\n', { fileType: 'txt', name: 'one.txt' });
    await waitForJob(h, alice.key, one.jobId);
    const listId = await createCollection(h, alice.key, historyId, 'list', 'my list', [{ name: 'first', src: 'hda', id: one.datasetId }]);
    const run = await runTool(h, alice.key, historyId, 'collection_tool', { samples: { src: 'hdca', id: listId } });
    await waitForJob(h, alice.key, run.jobs[0].id);
    const job = (await gql(alice.key, DETAILS, { id: run.jobs[0].id })).data!.job;
    const [samples] = job.parameters as Array<{ label: string; value: string; datasets: unknown[] }>;
    expect(samples).toMatchObject({ label: 'Samples', value: expect.stringMatching(/^\d+: my list$/), datasets: [] });
    expect(job.inputCollections).toEqual([{ name: 'samples', collection: { id: listId, hid: expect.any(Number), name: 'my list' } }]);
    expect(job.rerunState.values).toEqual({ samples: listId });
  });

  it('lists the stored names, said so, when the tool is no longer installed', async () => {
    const [row] = await sql<{ id: number }>(h, `insert into job (create_time, update_time, user_id, history_id, tool_id, tool_version, state, params, stdout, stderr, attempts)
      values (now(), now(), ?, ?, 'gone_tool', '0.1', 'ok', ?::jsonb, '', '', 0) returning id`, [decoded(h, alice.id), decoded(h, historyId), JSON.stringify({ 'opts|level': 3, input: { src: 'hda', id: input.datasetId } })]);
    const gone = h.platform.services.ids.encode(Number(row.id));
    const job = (await gql(alice.key, DETAILS, { id: gone })).data!.job;
    expect(job).toMatchObject({ toolInstalled: false, toolName: null, rerunState: null });
    expect(job.parameters).toHaveLength(2);
    expect(job.parameters).toEqual(expect.arrayContaining([
      expect.objectContaining({ label: 'opts|level', value: '3' }),
      expect.objectContaining({ label: 'input', value: '1: greeting.txt', datasets: [{ id: input.datasetId, hid: 1, name: 'greeting.txt' }] }),
    ]));
  });
});

describe('Job administrator fields: command line, runner, destination, external id', () => {
  it('are given to administrators, null for the owner, and another user is refused the job', async () => {
    const owner = (await gql(alice.key, DETAILS, { id: jobId })).data!.job;
    expect(owner).toMatchObject({ commandLine: null, runner: null, destinationId: null, externalId: null });
    const admin = (await gql(h.admin.key, DETAILS, { id: jobId })).data!.job;
    expect(admin.commandLine).toContain('cat ');
    expect(admin.runner).toBe('local');
    // (destinationId: the job_conf.xml destination; none is configured here, so it is null for everyone)
    const other = await gql(bob.key, DETAILS, { id: jobId });
    expect(other.data?.job ?? null).toBeNull();
    expect(other.errors?.[0]?.message).toContain('No Job found');
  });
});

describe('Job.rerunState: the tool form filled in from a job', () => {
  it('gives each field by flat name, the data input by dataset id, and the repeat counts', async () => {
    const state = (await gql(alice.key, DETAILS, { id: jobId })).data!.job.rerunState;
    expect(state).toMatchObject({ toolId: 'detail_tool', toolVersion: '1.2', remappable: false, mappedElements: [] });
    expect(state.values).toEqual({ input1: input.datasetId, flag: true, order: 'desc', 'mode|kind': 'slow', 'mode|passes': '5', 'queries_0|term': 'alpha', 'queries_1|term': 'beta' });
    expect(state.repeats).toEqual({ queries: 2 });
  });

  it('is null for an upload job', async () => {
    const job = (await gql(alice.key, DETAILS, { id: input.jobId })).data!.job;
    expect(job.rerunState).toBeNull();
  });
});

describe('Rerun of a failed element of a map over a collection: "Replace the failed element in its collection"', () => {
  it('tells the element a failed mapped job produced, and a run with rerunRemapJobId puts its output in that place', async () => {
    const good = await uploadText(h, alice.key, historyId, 'good\n', { fileType: 'txt', name: 'good.txt' });
    const bad = await uploadText(h, alice.key, historyId, 'bad\n', { fileType: 'txt', name: 'bad.txt' });
    await waitForJob(h, alice.key, good.jobId);
    await waitForJob(h, alice.key, bad.jobId);
    const listId = await createCollection(h, alice.key, historyId, 'list', 'samples', [
      { name: 'sample1', src: 'hda', id: good.datasetId },
      { name: 'sample2', src: 'hda', id: bad.datasetId },
    ]);
    const mapped = await runTool(h, alice.key, historyId, 'picky_tool', { input1: { batch: true, values: [{ src: 'hdca', id: listId }] } });
    const finished = await Promise.all(mapped.jobs.map((job) => waitForJob(h, alice.key, job.id)));
    const failedIndex = finished.findIndex((job) => job.state === 'error');
    expect(failedIndex).toBeGreaterThanOrEqual(0);
    const failedJobId = mapped.jobs[failedIndex].id;

    const state = (await gql(alice.key, DETAILS, { id: failedJobId })).data!.job.rerunState;
    expect(state.values).toEqual({ input1: bad.datasetId });
    expect(state.remappable).toBe(true);
    expect(state.mappedElements).toHaveLength(1);
    expect(state.mappedElements[0]).toMatchObject({ outputName: 'out1', elementPath: ['sample2'], collectionName: expect.stringContaining('Picky tool on collection') });
    const oldOutput = state.mappedElements[0].outputDatasetId as string;
    const implicitId = state.mappedElements[0].collectionId as string;

    // Someone else cannot see it; a run that is not of the same tool, or of a job that did not fail, is refused.
    expect((await gql(bob.key, DETAILS, { id: failedJobId })).data?.job ?? null).toBeNull();
    const RUN = `mutation ($input: RunToolInput!) { runTool(input: $input) { jobs { id } outputs { name dataset { id visible } } } }`;
    const okJob = mapped.jobs[1 - failedIndex].id;
    const refused = await gql(alice.key, RUN, { input: { toolId: 'picky_tool', historyId, inputs: { input1: { src: 'hda', id: good.datasetId } }, rerunRemapJobId: okJob } });
    expect(refused.errors?.[0]?.message).toContain('did not fail');
    const refusedByBob = await gql(bob.key, RUN, { input: { toolId: 'picky_tool', inputs: { input1: { src: 'hda', id: good.datasetId } }, rerunRemapJobId: failedJobId } });
    expect(refusedByBob.errors).toBeDefined();

    const rerun = await gql(alice.key, RUN, { input: { toolId: 'picky_tool', historyId, inputs: { input1: { src: 'hda', id: good.datasetId } }, rerunRemapJobId: failedJobId } });
    expect(rerun.errors).toBeUndefined();
    const newOutput = rerun.data!.runTool.outputs[0].dataset;
    expect(newOutput.visible).toBe(false);
    await waitForJob(h, alice.key, rerun.data!.runTool.jobs[0].id);

    const elements = await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${implicitId}`).query({ key: alice.key });
    expect(elements.status).toBe(200);
    const byIdentifier = Object.fromEntries((elements.body.elements as Array<{ element_identifier: string; object: { id: string; state: string } }>).map((element) => [element.element_identifier, element.object]));
    expect(byIdentifier.sample2.id).toBe(newOutput.id);
    expect(byIdentifier.sample2.id).not.toBe(oldOutput);
    expect(byIdentifier.sample2.state).toBe('ok');
  });
});

describe('POST /api/tools with inputs.rerun_remap_job_id (as 15.05 reads it)', () => {
  it('replaces the failed element of a map over a collection through the REST contract too', async () => {
    const good = await uploadText(h, alice.key, historyId, 'fine\n', { fileType: 'txt', name: 'fine.txt' });
    const bad = await uploadText(h, alice.key, historyId, 'bad again\n', { fileType: 'txt', name: 'bad2.txt' });
    await waitForJob(h, alice.key, good.jobId);
    await waitForJob(h, alice.key, bad.jobId);
    const listId = await createCollection(h, alice.key, historyId, 'list', 'rest samples', [
      { name: 'a', src: 'hda', id: good.datasetId },
      { name: 'b', src: 'hda', id: bad.datasetId },
    ]);
    const mapped = await runTool(h, alice.key, historyId, 'picky_tool', { input1: { batch: true, values: [{ src: 'hdca', id: listId }] } });
    const finished = await Promise.all(mapped.jobs.map((job) => waitForJob(h, alice.key, job.id)));
    const failedJobId = mapped.jobs[finished.findIndex((job) => job.state === 'error')].id;
    const implicitId = (await gql(alice.key, DETAILS, { id: failedJobId })).data!.job.rerunState.mappedElements[0].collectionId as string;

    const rerun = await runTool(h, alice.key, historyId, 'picky_tool', { input1: { src: 'hda', id: good.datasetId }, rerun_remap_job_id: failedJobId });
    await waitForJob(h, alice.key, rerun.jobs[0].id);
    const elements = await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${implicitId}`).query({ key: alice.key });
    const b = (elements.body.elements as Array<{ element_identifier: string; object: { id: string; state: string } }>).find((element) => element.element_identifier === 'b');
    expect(b?.object).toMatchObject({ id: rerun.outputs[0].id, state: 'ok' });
  });
});
