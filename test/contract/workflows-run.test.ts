import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHistory, datasetText, uploadText } from '../support/data-helpers';
import { expectError, toolDirWith } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { catHeadWorkflow, headOverListWorkflow, importWorkflow, inputStepIds, singleToolWorkflow, waitForHistory } from '../support/workflow-helpers';
import { patient } from '../support/patience';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  const tools = toolDirWith('always_fails.xml', FAIL_TOOL);
  writeFileSync(join(tools, 'slow_copy.xml'), SLOW_TOOL);
  h = await startTestPlatform({ TOOL_DIRS: tools, LOCAL_JOB_WORKERS: '2' });
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

/** A history of alice's holding two pasted datasets; returns their ids. */
async function twoInputs(key: string, first = '1 one\n2 two\n', second = '3 three\n4 four\n') {
  const historyId = await createHistory(h, key, 'inputs');
  const a = await uploadText(h, key, historyId, first, { fileType: 'txt', name: 'A' });
  const b = await uploadText(h, key, historyId, second, { fileType: 'txt', name: 'B' });
  await waitForHistory(h, key, historyId);
  return { historyId, a: a.datasetId, b: b.datasetId };
}

describe('POST /api/workflows with workflow_id (running a workflow)', () => {
  it('runs two inputs -> cat1 -> Show beginning1 with ds_map by step id; the outputs hold the right text', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('cat then head', { lines: 3 }));
    const steps = await inputStepIds(h, alice.key, workflow.id);
    const { historyId, a, b } = await twoInputs(alice.key);
    const res = await h.api.post('/api/workflows').type('form').send({
      key: alice.key,
      workflow_id: workflow.id,
      history: `hist_id=${historyId}`,
      ds_map: JSON.stringify({ [steps.first]: { src: 'hda', id: a }, [steps.second]: { src: 'hda', id: b } }),
    });
    expect(res.status).toBe(200);
    expect(res.body.history).toBe(historyId);
    expect(res.body.outputs).toHaveLength(2);
    expect(res.body.state).toBe('scheduled');
    const contents = await waitForHistory(h, alice.key, historyId);
    expect(contents.map((item) => item.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await datasetText(h, alice.key, res.body.outputs[0])).toBe('1 one\n2 two\n3 three\n4 four\n');
    expect(await datasetText(h, alice.key, res.body.outputs[1])).toBe('1 one\n2 two\n3 three\n');
  });

  it('refuses a workflow the caller may not read (403) and a history of another user (403)', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('private'));
    const steps = await inputStepIds(h, alice.key, workflow.id);
    const { historyId, a, b } = await twoInputs(alice.key);
    const dsMap = JSON.stringify({ [steps.first]: { src: 'hda', id: a }, [steps.second]: { src: 'hda', id: b } });
    const other = await h.api.post('/api/workflows').send({ key: bob.key, workflow_id: workflow.id, ds_map: dsMap });
    expectError(other, 403, 403002);
    const bobHistory = await createHistory(h, bob.key);
    const foreign = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, ds_map: dsMap, history: `hist_id=${bobHistory}` });
    expectError(foreign, 403, 403003);
    expect(historyId).toBeTruthy();
  });
});

const FAIL_TOOL = `<tool id="always_fails" name="Always fails" version="1.0.0">
  <command>cat $input > $out_file1; exit 3</command>
  <inputs><param name="input" type="data" label="input"/></inputs>
  <outputs><data name="out_file1" format="txt"/></outputs>
</tool>`;

const SLOW_TOOL = `<tool id="slow_copy" name="Slow copy" version="1.0.0">
  <command>sleep 30; cat $input > $out_file1</command>
  <inputs><param name="input" type="data" label="input"/></inputs>
  <outputs><data name="out_file1" format="txt"/></outputs>
</tool>`;

/** A list collection of pasted datasets in a history. */
async function listIn(key: string, historyId: string, texts: string[]): Promise<Record<string, unknown> & { id: string }> {
  const ids: string[] = [];
  for (const text of texts) ids.push((await uploadText(h, key, historyId, text, { fileType: 'txt' })).datasetId);
  await waitForHistory(h, key, historyId);
  const res = await h.api
    .post(`/api/histories/${historyId}/contents`)
    .query({ key })
    .send({ type: 'dataset_collection', collection_type: 'list', element_identifiers: ids.map((id, index) => ({ name: `sample${index}`, src: 'hda', id })) });
  if (res.status !== 200) throw new Error(`collection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function waitForInvocation(key: string, workflowId: string, invocationId: string, states: string[]): Promise<Record<string, unknown>> {
  const deadline = Date.now() + patient(30000);
  for (;;) {
    const res = await h.api.get(`/api/workflows/${workflowId}/invocations/${invocationId}`).query({ key });
    if (res.status !== 200) throw new Error(`invocation: ${res.status} ${JSON.stringify(res.body)}`);
    if (states.includes(res.body.state)) return res.body;
    if (Date.now() > deadline) throw new Error(`invocation still ${res.body.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the inputs of a run: inputs_by, a new history, no_add_to_history', () => {
  it('takes inputs by step index or by name (JSON text in a form) and runs in a new history named by `history`', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('by index', { lines: 1 }));
    const { a, b } = await twoInputs(alice.key);
    for (const [inputsBy, inputs] of [
      ['step_index', { 0: { src: 'hda', id: a }, 1: { src: 'hda', id: b } }],
      ['name', { first: { src: 'hda', id: a }, second: { src: 'hda', id: b } }],
    ] as const) {
      const res = await h.api.post('/api/workflows').type('form').send({ key: alice.key, workflow_id: workflow.id, inputs: JSON.stringify(inputs), inputs_by: inputsBy, history: `run by ${inputsBy}` });
      expect(res.status).toBe(200);
      const history = await h.api.get(`/api/histories/${res.body.history}`).query({ key: alice.key });
      expect(history.body.name).toBe(`run by ${inputsBy}`);
      const contents = await waitForHistory(h, alice.key, res.body.history);
      // the two inputs were copied into the new history, then the two outputs
      expect(contents).toHaveLength(4);
      expect(await datasetText(h, alice.key, res.body.outputs[1])).toBe('1 one\n');
    }
  });

  it('refuses a run missing an input (400) or naming an unknown source (400008)', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('missing input'));
    const { a } = await twoInputs(alice.key);
    const missing = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, inputs: { 0: { src: 'hda', id: a } } });
    expectError(missing, 400, 0);
    expect(missing.body.err_msg).toMatch(/^Workflow cannot be run because an expected input step '\d+' has no input dataset\.$/);
    const unknown = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, inputs: { 0: { src: 'hda', id: a }, 1: { src: 'xyz', id: a } } });
    expectError(unknown, 400, 400008);
    expect(unknown.body.err_msg).toBe("Unknown workflow input source 'xyz' specified.");
  });

  it('leaves the inputs where they are with no_add_to_history', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('not added'));
    const { a, b } = await twoInputs(alice.key);
    const target = await createHistory(h, alice.key, 'outputs only');
    const res = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, inputs: { 0: { src: 'hda', id: a }, 1: { src: 'hda', id: b } }, history: `hist_id=${target}`, no_add_to_history: '1' });
    expect(res.status).toBe(200);
    expect(await waitForHistory(h, alice.key, target)).toHaveLength(2);
  });
});

describe('parameters, replacement_params and post-job actions', () => {
  it('replaces parameters by tool id, and by step id which wins', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('params', { lines: 3 }));
    const steps = await inputStepIds(h, alice.key, workflow.id);
    const show = await h.api.get(`/api/workflows/${workflow.id}`).query({ key: alice.key });
    const headStep = Object.values(show.body.steps as Record<string, { id: number; tool_id: string }>).find((step) => step.tool_id === 'Show beginning1');
    const { a, b } = await twoInputs(alice.key);
    const dsMap = { [steps.first]: { src: 'hda', id: a }, [steps.second]: { src: 'hda', id: b } };
    const byTool = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, ds_map: dsMap, parameters: { 'Show beginning1': { lineNum: 1 } } });
    await waitForHistory(h, alice.key, byTool.body.history);
    expect(await datasetText(h, alice.key, byTool.body.outputs[1])).toBe('1 one\n');
    const byStep = await h.api.post('/api/workflows').send({
      key: alice.key,
      workflow_id: workflow.id,
      ds_map: dsMap,
      parameters: JSON.stringify({ 'Show beginning1': { lineNum: 1 }, [String(headStep?.id)]: { param: 'lineNum', value: 2 } }),
    });
    await waitForHistory(h, alice.key, byStep.body.history);
    expect(await datasetText(h, alice.key, byStep.body.outputs[1])).toBe('1 one\n2 two\n');
  });

  it('renames an output with #{input} and ${replacement} (replacement_params)', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('renamed', { renameTo: 'head of #{input} for ${who}' }));
    const { a, b } = await twoInputs(alice.key);
    const res = await h.api.post('/api/workflows').type('form').send({
      key: alice.key,
      workflow_id: workflow.id,
      inputs: JSON.stringify({ 0: { src: 'hda', id: a }, 1: { src: 'hda', id: b } }),
      replacement_params: JSON.stringify({ who: 'alice' }),
    });
    expect(res.status).toBe(200);
    const dataset = await h.api.get(`/api/datasets/${res.body.outputs[1]}`).query({ key: alice.key });
    expect(dataset.body.name).toBe('head of Concatenate datasets on data 1 and data 2 for alice');
  });

  it('hides, retypes and tags outputs as the actions say', async () => {
    const workflow = catHeadWorkflow('actions');
    const steps = workflow.steps as Record<string, Record<string, unknown>>;
    steps['2'].post_job_actions = {
      HideDatasetActionout_file1: { action_type: 'HideDatasetAction', output_name: 'out_file1', action_arguments: {} },
      TagDatasetActionout_file1: { action_type: 'TagDatasetAction', output_name: 'out_file1', action_arguments: { tags: 'joined, group:ab' } },
    };
    steps['3'].post_job_actions = { ChangeDatatypeActionout_file1: { action_type: 'ChangeDatatypeAction', output_name: 'out_file1', action_arguments: { newtype: 'tabular' } } };
    const item = await importWorkflow(h, alice.key, workflow);
    const { a, b } = await twoInputs(alice.key);
    const res = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: item.id, inputs: { 0: { src: 'hda', id: a }, 1: { src: 'hda', id: b } } });
    await waitForHistory(h, alice.key, res.body.history);
    const cat = (await h.api.get(`/api/datasets/${res.body.outputs[0]}`).query({ key: alice.key })).body;
    expect(cat.visible).toBe(false);
    expect(cat.tags).toEqual(['joined', 'group:ab']);
    const head = (await h.api.get(`/api/datasets/${res.body.outputs[1]}`).query({ key: alice.key })).body;
    expect(head.file_ext).toBe('tabular');
  });
});

describe('mapping a workflow over a list collection', () => {
  it('runs the tool step once per element and gathers its output in an implicit collection, which the answer lists as the step\'s output', async () => {
    const workflow = await importWorkflow(h, alice.key, headOverListWorkflow('head over list', 1));
    const historyId = await createHistory(h, alice.key, 'mapped');
    const list = await listIn(alice.key, historyId, ['a1\na2\n', 'b1\nb2\n', 'c1\nc2\n']);
    const res = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, history: `hist_id=${historyId}`, inputs: { 0: { src: 'hdca', id: list.id } } });
    expect(res.status).toBe(200);
    const invocation = await h.api.get(`/api/workflows/${workflow.id}/invocations/${res.body.id}`).query({ key: alice.key });
    const toolStep = (invocation.body.steps as Array<Record<string, unknown>>).find((step) => step.order_index === 1);
    expect(toolStep?.job_id).toBeNull();
    const collections = (await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key, types: 'dataset_collection' })).body as Array<Record<string, unknown>>;
    const implicit = collections.find((item) => item.id !== list.id);
    // Listed as the client library looks for a run's outputs: a collection's contents type is `collection`.
    expect(implicit).toMatchObject({ type: 'collection', history_content_type: 'dataset_collection', collection_type: 'list', element_count: 3 });
    // The platform's legacy answer lists a mapped step's outputs as it keeps them: the implicit collection.
    expect(res.body.outputs).toEqual([implicit?.id]);
    await waitForHistory(h, alice.key, historyId);
    const elements = (await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${implicit?.id}`).query({ key: alice.key })).body.elements as Array<{ object: { id: string } }>;
    expect(await Promise.all(elements.map((element) => datasetText(h, alice.key, element.object.id)))).toEqual(['a1\n', 'b1\n', 'c1\n']);
  });

  it('refuses to map over a published list with an element the caller may not read, before anything is scheduled', async () => {
    const workflow = await importWorkflow(h, bob.key, headOverListWorkflow('head over a published list', 1));
    const published = await createHistory(h, alice.key, 'published with a private element');
    const list = await listIn(alice.key, published, ['open\n', 'secret\n']);
    const elements = (await h.api.get(`/api/histories/${published}/contents/dataset_collections/${list.id}`).query({ key: alice.key })).body.elements as Array<{ object: { id: string } }>;
    expect((await h.api.put(`/api/datasets/${elements[1].object.id}/permissions`).query({ key: alice.key }).send({ action: 'make_private' })).status).toBe(200);
    expect((await h.api.put(`/api/histories/${published}/publish`).query({ key: alice.key })).status).toBe(200);
    const bobHistory = await createHistory(h, bob.key, 'bob maps the published list');
    const res = await h.api.post('/api/workflows').send({ key: bob.key, workflow_id: workflow.id, history: `hist_id=${bobHistory}`, inputs: { 0: { src: 'hdca', id: list.id } } });
    expectError(res, 403, 403002);
    expect((await h.api.get(`/api/histories/${bobHistory}/contents`).query({ key: bob.key })).body).toEqual([]);
  });

  it("applies the step's actions to every element's output: renamed after its own input, hidden, tagged (the last tag of a name kept), retyped", async () => {
    const workflow = headOverListWorkflow('actions over list', 1);
    (workflow.steps as Record<string, Record<string, unknown>>)['1'].post_job_actions = {
      RenameDatasetActionout_file1: { action_type: 'RenameDatasetAction', output_name: 'out_file1', action_arguments: { newname: 'first of #{input}' } },
      HideDatasetActionout_file1: { action_type: 'HideDatasetAction', output_name: 'out_file1', action_arguments: {} },
      TagDatasetActionout_file1: { action_type: 'TagDatasetAction', output_name: 'out_file1', action_arguments: { tags: 'group:a, mapped, group:b' } },
      ChangeDatatypeActionout_file1: { action_type: 'ChangeDatatypeAction', output_name: 'out_file1', action_arguments: { newtype: 'tabular' } },
    };
    const item = await importWorkflow(h, alice.key, workflow);
    const historyId = await createHistory(h, alice.key, 'actions over list');
    const list = await listIn(alice.key, historyId, ['a1\n', 'b1\n']);
    const res = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: item.id, history: `hist_id=${historyId}`, inputs: { 0: { src: 'hdca', id: list.id } } });
    expect(res.status).toBe(200);
    const [implicitId] = res.body.outputs as string[];
    const elements = (await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${implicitId}`).query({ key: alice.key })).body.elements as Array<{ object: { id: string } }>;
    const inputs = (await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${list.id}`).query({ key: alice.key })).body.elements as Array<{ object: { name: string } }>;
    const outputs = await Promise.all(elements.map(async (element) => (await h.api.get(`/api/datasets/${element.object.id}`).query({ key: alice.key })).body));
    expect(outputs.map((output) => output.name)).toEqual(inputs.map((input) => `first of ${input.object.name}`));
    for (const output of outputs) expect(output).toMatchObject({ visible: false, file_ext: 'tabular', tags: ['mapped', 'group:b'] });
    // Hiding a mapped output hides the collection that gathers it.
    const implicit = (await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${implicitId}`).query({ key: alice.key })).body;
    expect(implicit.visible).toBe(false);
  });

  it('reads an invocation with every job of its steps in a constant number of statements', async () => {
    const workflow = await importWorkflow(h, alice.key, headOverListWorkflow('jobs of a run', 1));
    const query = 'query ($id: ID!) { workflowInvocation(id: $id) { id steps { orderIndex jobs { id state toolId } } } }';
    const counts: number[] = [];
    for (const size of [2, 5]) {
      const historyId = await createHistory(h, alice.key, `mapped ${size}`);
      const list = await listIn(alice.key, historyId, Array.from({ length: size }, (_, index) => `${index}\n`));
      const run = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, history: `hist_id=${historyId}`, inputs: { 0: { src: 'hdca', id: list.id } } });
      await h.warmKeys(alice.key);
      const res = await h.api.post('/graphql').set('x-api-key', alice.key).send({ query, variables: { id: run.body.id } });
      expect(res.body.data.workflowInvocation.steps[1].jobs).toHaveLength(size);
      counts.push(h.queriesOf(res));
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('refuses a collection for a dataset input step, and a dataset for a collection input step', async () => {
    const workflow = await importWorkflow(h, alice.key, headOverListWorkflow('wrong kinds'));
    const { a } = await twoInputs(alice.key);
    expectError(await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, inputs: { 0: { src: 'hda', id: a } } }), 400, 400008);
    const datasetInput = await importWorkflow(h, alice.key, singleToolWorkflow('wrong kinds, dataset input', 'Show beginning1'));
    const historyId = await createHistory(h, alice.key, 'wrong kinds');
    const list = await listIn(alice.key, historyId, ['x\n', 'y\n']);
    const res = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: datasetInput.id, history: `hist_id=${historyId}`, inputs: { 0: { src: 'hdca', id: list.id } } });
    expectError(res, 400, 400008);
    expect(res.body.err_msg).toBe('Input step 0 takes a dataset, not a collection.');
  });
});

describe('a failed step pauses its dependants', () => {
  it('pauses the next job with the platform message when a job of the run fails; the invocation stays scheduled', async () => {
    const workflow = singleToolWorkflow('fails then head', 'always_fails');
    const steps = workflow.steps as Record<string, Record<string, unknown>>;
    steps['2'] = { ...steps['1'], id: 2, tool_id: 'Show beginning1', tool_state: JSON.stringify({ input: 'null', lineNum: '"1"' }), input_connections: { input: { id: 1, output_name: 'out_file1' } } };
    const item = await importWorkflow(h, alice.key, workflow);
    const { a } = await twoInputs(alice.key);
    const res = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: item.id, inputs: { 0: { src: 'hda', id: a } } });
    expect(res.status).toBe(200);
    const contents = await waitForHistory(h, alice.key, res.body.history);
    expect(contents.map((dataset) => dataset.state)).toEqual(['ok', 'error', 'paused']);
    const paused = (await h.api.get(`/api/datasets/${res.body.outputs[1]}`).query({ key: alice.key })).body;
    expect(paused.misc_info).toBe("Execution of this dataset's job is paused because its input datasets are in an error state.");
    const invocation = await h.api.get(`/api/workflows/${item.id}/usage/${res.body.id}`).query({ key: alice.key });
    expect(invocation.body.state).toBe('scheduled');
  });
});

describe('invocations: POST, GET and DELETE /api/workflows/{id}/invocations (also /usage)', () => {
  it('queues a run, schedules it in the background, lists and shows it to its owner only', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('invoked'));
    const { historyId, a, b } = await twoInputs(alice.key);
    expect((await h.api.get(`/api/workflows/${workflow.id}/usage`).query({ key: alice.key })).body).toEqual([]);
    const res = await h.api.post(`/api/workflows/${workflow.id}/invocations`).send({ key: alice.key, history_id: historyId, inputs: { 0: { src: 'hda', id: a }, 1: { src: 'hda', id: b } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model_class: 'WorkflowInvocation', history_id: historyId });
    const scheduled = await waitForInvocation(alice.key, workflow.id, res.body.id, ['scheduled']);
    expect(Object.keys(scheduled.inputs as object).sort()).toEqual(['0', '1']);
    const steps = scheduled.steps as Array<Record<string, unknown>>;
    expect(steps.map((step) => step.order_index)).toEqual([0, 1, 2, 3]);
    for (const step of steps) for (const key of ['id', 'workflow_step_id', 'order_index', 'state', 'job_id', 'update_time']) expect(step).toHaveProperty(key);
    expect(steps[2].job_id).toMatch(/^[0-9a-f]{16}$/);
    const usages = await h.api.get(`/api/workflows/${workflow.id}/usage`).query({ key: alice.key });
    expect(usages.body.map((usage: Record<string, unknown>) => usage.id)).toEqual([res.body.id]);
    expectError(await h.api.get(`/api/workflows/${workflow.id}/usage/${res.body.id}`).query({ key: bob.key }), 403, 403003);
    expect((await h.api.get(`/api/workflows/${workflow.id}/invocations/${res.body.id}`).query({ key: h.admin.key })).status).toBe(200);
    await waitForHistory(h, alice.key, historyId);
  });

  it('cancels a running invocation: its unfinished jobs are deleted', async () => {
    const item = await importWorkflow(h, alice.key, singleToolWorkflow('slow', 'slow_copy'));
    const { a } = await twoInputs(alice.key);
    const res = await h.api.post(`/api/workflows/${item.id}/invocations`).send({ key: alice.key, inputs: { 0: { src: 'hda', id: a } } });
    const scheduled = await waitForInvocation(alice.key, item.id, res.body.id, ['scheduled']);
    const jobId = (scheduled.steps as Array<Record<string, unknown>>)[1].job_id as string;
    expectError(await h.api.delete(`/api/workflows/${item.id}/invocations/${res.body.id}`).query({ key: bob.key }), 403, 403003);
    const cancelled = await h.api.delete(`/api/workflows/${item.id}/invocations/${res.body.id}`).query({ key: alice.key });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect((await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key })).body.state).toBe('deleted');
  });
});

describe('running a workflow through GraphQL', () => {
  it('runWorkflow answers the invocation with its steps and jobs; the outputs hold the right text', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('graph run', { lines: 1 }));
    const { a, b } = await twoInputs(alice.key);
    const res = await h.api
      .post('/graphql')
      .set('x-api-key', alice.key)
      .send({
        query: `mutation ($id: ID!, $input: RunWorkflowInput!) { runWorkflow(workflowId: $id, input: $input) {
          id state historyId legacyOutputIds steps { orderIndex jobs { id toolId } outputs { name src id } } } }`,
        variables: { id: workflow.id, input: { inputs: { 0: { src: 'hda', id: a }, 1: { src: 'hda', id: b } } } },
      });
    expect(res.body.errors).toBeUndefined();
    const run = res.body.data.runWorkflow;
    expect(run.state).toBe('scheduled');
    expect(run.steps.map((step: { jobs: Array<{ toolId: string }> }) => step.jobs.map((job) => job.toolId))).toEqual([[], [], ['cat1'], ['Show beginning1']]);
    await waitForHistory(h, alice.key, run.historyId);
    expect(await datasetText(h, alice.key, run.legacyOutputIds[1])).toBe('1 one\n');
  });
});
