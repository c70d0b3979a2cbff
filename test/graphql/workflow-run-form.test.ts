import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import { sortWorkflow } from '../support/sort-workflow';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { importWorkflow } from '../support/workflow-helpers';

/**
 * The run form's graph: `Workflow.runForm` (steps numbered as the platform numbers them, tool steps
 * with their tool's typed form and stored values, connected and runtime inputs), `workflowRunCheck`
 * (every value a run would refuse, by step and field) and `invokeWorkflowChecked` (refuses such a
 * run before queueing anything).
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let workflowId: string;
let historyId: string;
let inputId: string;

type Problem = { orderIndex: number; stepNumber: number; stepTitle: string; field: string | null; fieldLabel: string | null; message: string; text: string };

async function gql(key: string, query: string, variables: Record<string, unknown> = {}): Promise<{ data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }> {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  return res.body;
}

const RUN_FORM = `query ($id: ID!) {
  workflow(id: $id) {
    runForm {
      orderIndex number type label annotation title toolId toolName toolVersion toolInstalled collectionType connectedInputs runtimeInputs values
      toolInputs { __typename name label ... on SelectToolInput { options { value label } } ... on IntegerToolInput { defaultNumber min } ... on ConditionalToolInput { test { name } cases { value inputs { name ... on RepeatToolInput { inputs { name } } } } } ... on RepeatToolInput { inputs { name ... on SectionToolInput { inputs { name } } } } }
    }
  }
}`;

const CHECK = `query ($workflowId: ID!, $input: RunWorkflowInput!) {
  workflowRunCheck(workflowId: $workflowId, input: $input) { orderIndex stepNumber stepTitle field fieldLabel message text }
}`;

const INVOKE = `mutation ($workflowId: ID!, $input: RunWorkflowInput!) { invokeWorkflowChecked(workflowId: $workflowId, input: $input) { id state } }`;

const runInput = (parameters: Record<string, unknown>) => ({ historyId, inputs: { 0: { src: 'hda', id: inputId } }, parameters });

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  historyId = await createHistory(h, alice.key, 'sorting');
  const upload = await uploadText(h, alice.key, historyId, '3\tc\n1\ta\n2\tb\n', { fileType: 'tabular', name: 'table.tsv' });
  expect((await waitForJob(h, alice.key, upload.jobId)).state).toBe('ok');
  inputId = upload.datasetId;
  workflowId = (await importWorkflow(h, alice.key, sortWorkflow('Sort then head', { runtimeLines: true, sortLabel: 'Sort by score' }))).id;
}, patient(120_000));
afterAll(async () => {
  await h?.close();
});

describe('Workflow.runForm', () => {
  it('numbers the steps inputs first from 1, names tools and labels, and gives each tool step its typed form, stored values, connected and runtime inputs', async () => {
    const answer = await gql(alice.key, RUN_FORM, { id: workflowId });
    expect(answer.errors).toBeUndefined();
    const steps = (answer.data?.workflow as { runForm: Array<Record<string, unknown>> }).runForm;
    expect(steps.map((step) => [step.number, step.type, step.title])).toEqual([
      [1, 'data_input', 'table'],
      [2, 'tool', 'Sort by score'],
      [3, 'tool', 'Select first'],
    ]);
    const sort = steps[1];
    expect(sort).toMatchObject({ toolId: 'sort1', toolName: 'Sort', toolInstalled: true, label: 'Sort by score', connectedInputs: ['input'], runtimeInputs: [] });
    expect(sort.values).toEqual({ column: '1', order: 'DESC', style: 'num' });
    const order = (sort.toolInputs as Array<{ __typename: string; name: string; label: string; options?: Array<{ value: string }> }>).find((input) => input.name === 'order');
    expect(order).toMatchObject({ __typename: 'SelectToolInput', label: 'in' });
    expect(order?.options?.map((option) => option.value)).toEqual(['DESC', 'ASC']);
    const head = steps[2];
    expect(head).toMatchObject({ toolId: 'Show beginning1', runtimeInputs: ['lineNum'], connectedInputs: ['input'] });
    expect(head.values).toEqual({});
    expect(steps[0]).toMatchObject({ annotation: 'a tab-separated table', toolInputs: [], toolInstalled: true });
  });

  it('shows a tool that is not installed as such', async () => {
    const missing = sortWorkflow('Missing tool');
    ((missing.steps as Record<string, Record<string, unknown>>)['1']).tool_id = 'no_such_sorter';
    const id = (await importWorkflow(h, alice.key, missing)).id;
    const answer = await gql(alice.key, RUN_FORM, { id });
    const steps = (answer.data?.workflow as { runForm: Array<Record<string, unknown>> }).runForm;
    expect(steps[1]).toMatchObject({ toolId: 'no_such_sorter', toolName: null, toolInstalled: false, title: 'no_such_sorter', toolInputs: [] });
    const check = await gql(alice.key, CHECK, { workflowId: id, input: runInput({}) });
    expect((check.data?.workflowRunCheck as Problem[]).map((problem) => problem.text)).toEqual(['Step 2: no_such_sorter, the tool no_such_sorter is not installed.']);
  });
});

describe('workflowRunCheck', () => {
  it("names each value a run would refuse by step number, tool or label, and field label: 'descending' where Sort wants DESC", async () => {
    const answer = await gql(alice.key, CHECK, { workflowId, input: runInput({ 1: { order: 'descending', style: 'alpha' }, 2: { lineNum: 'ten' } }) });
    expect(answer.errors).toBeUndefined();
    const problems = answer.data?.workflowRunCheck as Problem[];
    expect(problems).toEqual([
      {
        orderIndex: 1,
        stepNumber: 2,
        stepTitle: 'Sort by score',
        field: 'order',
        fieldLabel: 'in',
        message: "an invalid option was selected: 'descending' is not one of 'DESC', 'ASC'.",
        text: "Step 2: Sort by score, field 'in': an invalid option was selected: 'descending' is not one of 'DESC', 'ASC'.",
      },
      expect.objectContaining({ stepNumber: 3, field: 'lineNum', fieldLabel: 'Select first', message: 'an integer is required.' }),
    ]);
  });

  it('answers nothing for good values', async () => {
    const answer = await gql(alice.key, CHECK, { workflowId, input: runInput({ 1: { order: 'ASC' }, 2: { lineNum: '2' } }) });
    expect(answer.data?.workflowRunCheck).toEqual([]);
  });

  it("is refused for a workflow the caller may not read, and to visitors", async () => {
    const refused = await gql(bob.key, CHECK, { workflowId, input: runInput({}) });
    expect(refused.errors?.[0]?.extensions?.code).toBe('ItemAccessibilityException');
    const anonymous = await h.api.post('/graphql').send({ query: CHECK, variables: { workflowId, input: runInput({}) } });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('AuthenticationRequired');
  });
});

describe('invokeWorkflowChecked', () => {
  it('refuses a run with a bad value, with every problem, and queues nothing', async () => {
    const before = await h.api.get(`/api/workflows/${workflowId}/invocations`).query({ key: alice.key });
    const answer = await gql(alice.key, INVOKE, { workflowId, input: runInput({ 1: { order: 'descending' }, 2: { lineNum: '2' } }) });
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 'RequestParameterInvalidException',
      problems: ["Step 2: Sort by score, field 'in': an invalid option was selected: 'descending' is not one of 'DESC', 'ASC'."],
      problemFields: ['1|order'],
    });
    const after = await h.api.get(`/api/workflows/${workflowId}/invocations`).query({ key: alice.key });
    expect(after.body).toHaveLength(before.body.length);
  });

  it('queues a run with good values into a new history named by the run', async () => {
    const answer = await gql(alice.key, INVOKE, { workflowId, input: { historyName: 'Sorted results', inputs: { 0: { src: 'hda', id: inputId } }, parameters: { 2: { lineNum: '2' } } } });
    expect(answer.errors).toBeUndefined();
    const run = answer.data?.invokeWorkflowChecked as { id: string; state: string };
    expect(run.state).toBe('new');
    const shown = await gql(alice.key, 'query ($id: ID!) { workflowInvocation(id: $id) { historyId } }', { id: run.id });
    const history = await h.api.get(`/api/histories/${(shown.data?.workflowInvocation as { historyId: string }).historyId}`).query({ key: alice.key });
    expect(history.body.name).toBe('Sorted results');
  });

  it('maps the workflow over a list given to its dataset input when asked (batch over a collection), and refuses such a list otherwise', async () => {
    const contents = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key });
    const table = (contents.body as Array<{ id: string; name: string; history_content_type: string }>).find((item) => item.name === 'table.tsv') as { id: string };
    const made = await h.api
      .post(`/api/histories/${historyId}/contents`)
      .query({ key: alice.key })
      .send({ type: 'dataset_collection', collection_type: 'list', name: 'tables', element_identifiers: [{ name: 'a', src: 'hda', id: table.id }, { name: 'b', src: 'hda', id: table.id }] });
    expect(made.status).toBe(200);
    const input = { historyId, inputs: { 0: { src: 'hdca', id: made.body.id } }, parameters: { 2: { lineNum: '1' } } };
    const refused = await gql(alice.key, INVOKE, { workflowId, input });
    expect(refused.errors?.[0]?.message).toBe('Input step 0 takes a dataset, not a collection.');
    const MAPPED = `mutation ($workflowId: ID!, $input: RunWorkflowInput!) { invokeWorkflowChecked(workflowId: $workflowId, input: $input, mapOverCollections: true) { id } }`;
    const answer = await gql(alice.key, MAPPED, { workflowId, input });
    expect(answer.errors).toBeUndefined();
    const id = (answer.data?.invokeWorkflowChecked as { id: string }).id;
    const RUN = 'query ($id: ID!) { workflowInvocation(id: $id) { state steps { orderIndex jobCount outputs { name src collection { name elementCount elements { elementIdentifier } } } jobs { state } } } }';
    type Output = { name: string; src: string; collection: { name: string; elementCount: number; elements: Array<{ elementIdentifier: string }> } | null };
    type Run = { state: string; steps: Array<{ orderIndex: number; jobCount: number; outputs: Output[]; jobs: Array<{ state: string }> }> };
    const deadline = Date.now() + patient(30_000);
    let run: Run | null = null;
    while (Date.now() < deadline) {
      run = (await gql(alice.key, RUN, { id })).data?.workflowInvocation as Run;
      if (run.state === 'scheduled' && run.steps.length === 3 && run.steps.every((step) => step.jobs.every((job) => job.state === 'ok'))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(run?.state).toBe('scheduled');
    expect(run?.steps.map((step) => [step.orderIndex, step.jobCount, step.outputs.map((output) => output.src)])).toEqual([
      [0, 0, ['hdca']],
      [1, 2, ['hdca']],
      [2, 2, ['hdca']],
    ]);
    // Each output names its collection (the input's, then the mapped steps' gathered ones), with the elements the jobs made.
    const collections = run?.steps.map((step) => step.outputs[0].collection);
    expect(collections?.[0]?.name).toBe('tables');
    for (const collection of collections ?? []) {
      expect(collection?.elementCount).toBe(2);
      expect(collection?.elements.map((element) => element.elementIdentifier)).toEqual(['a', 'b']);
    }
    expect(collections?.[1]?.name).not.toBe('tables');

    // The runs' output collections are read in a constant number of statements, however many runs list them.
    const LISTING = 'query ($id: ID!) { workflowInvocations(workflowId: $id) { id steps { orderIndex outputs { name collection { hid name } } } } }';
    type Listed = Array<{ steps: Array<{ outputs: Array<{ collection: { name: string } | null }> }> }>;
    const listing = async () => {
      const response = await h.api.post('/graphql').set('x-api-key', alice.key).send({ query: LISTING, variables: { id: workflowId } });
      expect(response.body.errors).toBeUndefined();
      const runs = response.body.data.workflowInvocations as Listed;
      return { queries: h.queriesOf(response), collections: runs.flatMap((listed) => listed.steps.flatMap((step) => step.outputs.map((output) => output.collection?.name ?? null))).filter((name) => name !== null).length };
    };
    const one = await listing();
    const second = await gql(alice.key, MAPPED, { workflowId, input });
    expect(second.errors).toBeUndefined();
    const secondId = (second.data?.invokeWorkflowChecked as { id: string }).id;
    const scheduledBy = Date.now() + patient(30_000);
    while (Date.now() < scheduledBy) {
      const again = (await gql(alice.key, RUN, { id: secondId })).data?.workflowInvocation as Run;
      if (again.state === 'scheduled' && again.steps.length === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const two = await listing();
    expect([one.collections, two.collections]).toEqual([3, 6]);
    expect(two.queries).toBe(one.queries);
  }, patient(60_000));
});
