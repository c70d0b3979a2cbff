import { createHistory, datasetText, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { waitForHistory } from '../support/workflow-helpers';

/**
 * Extract Workflow through the graph (issue 35, item 2): what the screen lists (the history's jobs
 * with their tool names and outputs by hid and name), then `extractWorkflow` with the picked jobs and
 * input datasets, as POST /api/workflows with from_history_id does; the workflow made runs. Only the
 * owner of the history and its jobs extracts; another user and anonymous callers are refused.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type GraphAnswer = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions: { code?: string; status?: number } }> };

const gql = async (key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<GraphAnswer> => {
  const req = h.api.post('/graphql').send({ query, variables });
  return (await (key ? req.set('x-api-key', key) : req)).body as GraphAnswer;
};
const codeOf = (answer: GraphAnswer) => answer.errors?.[0]?.extensions.code;

const HISTORY_JOBS = `query ($historyId: String!) {
  jobs(historyId: $historyId) { id toolId toolName createTime outputs { name dataset { hid name } } }
}`;
const EXTRACT = `mutation ($input: WorkflowExtractionInput!) {
  extractWorkflow(input: $input) { id name stepCount steps { orderIndex type toolId toolInputs inputConnections { inputName stepIndex outputName } } }
}`;

/** upload (tabular) -> Sort on column 1 ascending -> Select first 2 lines, in a history of alice's. */
async function threeJobHistory(user: TestUser) {
  const historyId = await createHistory(h, user.key, 'to extract');
  const upload = await uploadText(h, user.key, historyId, '3\tc\n1\ta\n2\tb\n', { fileType: 'tabular', name: 'numbers' });
  await waitForJob(h, user.key, upload.jobId);
  const sort = await runTool(h, user.key, historyId, 'sort1', { input: { src: 'hda', id: upload.datasetId }, column: '1', order: 'ASC', style: 'num' });
  await waitForJob(h, user.key, sort.jobs[0].id);
  const head = await runTool(h, user.key, historyId, 'Show beginning1', { input: { src: 'hda', id: sort.outputs[0].id }, lineNum: '2' });
  await waitForJob(h, user.key, head.jobs[0].id);
  return { historyId, uploadJob: upload.jobId, sortJob: sort.jobs[0].id, headJob: head.jobs[0].id };
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
}, patient(120_000));
afterAll(() => h.close());

describe('the history’s jobs as Extract Workflow lists them', () => {
  it('lists the upload, Sort and Select first with their tool names and outputs by hid and name', async () => {
    const { historyId } = await threeJobHistory(alice);
    const answer = await gql(alice.key, HISTORY_JOBS, { historyId });
    expect(answer.errors).toBeUndefined();
    const jobs = [...answer.data?.jobs].sort((a, b) => a.createTime.localeCompare(b.createTime));
    expect(jobs.map((job) => job.toolId)).toEqual(['upload1', 'sort1', 'Show beginning1']);
    expect(jobs[1].toolName).toBe('Sort');
    expect(jobs.map((job) => job.outputs.map((output: { dataset: { hid: number } }) => output.dataset.hid))).toEqual([[1], [2], [3]]);
    expect((await gql(bob.key, HISTORY_JOBS, { historyId })).data?.jobs).toEqual([]);
  }, patient(60_000));
});

describe('extractWorkflow: a workflow from picked jobs and input datasets', () => {
  it('makes an input step of the upload and connected Sort and Select first steps with their parameters; the workflow runs', async () => {
    const { historyId, sortJob, headJob } = await threeJobHistory(alice);
    const answer = await gql(alice.key, EXTRACT, { input: { fromHistoryId: historyId, jobIds: [sortJob, headJob], datasetIds: [1], workflowName: 'Sorted head' } });
    expect(answer.errors).toBeUndefined();
    const workflow = answer.data?.extractWorkflow;
    expect(workflow).toMatchObject({ name: 'Sorted head', stepCount: 3 });
    const [input, sort, head] = workflow.steps;
    expect(input).toMatchObject({ type: 'data_input', inputConnections: [] });
    expect(sort).toMatchObject({ type: 'tool', toolId: 'sort1', inputConnections: [{ inputName: 'input', stepIndex: 0, outputName: 'output' }] });
    expect(sort.toolInputs).toMatchObject({ order: 'ASC', style: 'num' });
    expect(head).toMatchObject({ toolId: 'Show beginning1', inputConnections: [{ inputName: 'input', stepIndex: 1, outputName: 'out_file1' }] });

    const target = await createHistory(h, alice.key, 'run of the extracted');
    const data = await uploadText(h, alice.key, target, '9\tz\n5\ty\n7\tx\n', { fileType: 'tabular' });
    await waitForJob(h, alice.key, data.jobId);
    const run = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, history: `hist_id=${target}`, inputs: { 0: { src: 'hda', id: data.datasetId } }, inputs_by: 'step_index' });
    expect(run.status).toBe(200);
    const items = await waitForHistory(h, alice.key, target);
    const last = items.sort((a, b) => b.hid - a.hid)[0];
    expect(last.state).toBe('ok');
    expect(await datasetText(h, alice.key, last.id)).toBe('5\ty\n7\tx\n');
  }, patient(90_000));

  it('refuses a name left out, another user (their history or alice’s jobs) and an anonymous caller', async () => {
    const { historyId, sortJob } = await threeJobHistory(alice);
    expect(codeOf(await gql(alice.key, EXTRACT, { input: { fromHistoryId: historyId, jobIds: [sortJob], datasetIds: [1] } }))).toBe('RequestParameterMissingException');
    expect(codeOf(await gql(bob.key, EXTRACT, { input: { fromHistoryId: historyId, jobIds: [sortJob], datasetIds: [1], workflowName: 'stolen' } }))).toBe('ItemAccessibilityException');
    const bobsHistory = await createHistory(h, bob.key, 'bob');
    expect(codeOf(await gql(bob.key, EXTRACT, { input: { fromHistoryId: bobsHistory, jobIds: [sortJob], workflowName: 'stolen' } }))).toBe('ItemAccessibilityException');
    expect((await gql(null, EXTRACT, { input: { fromHistoryId: historyId, jobIds: [sortJob], workflowName: 'anon' } })).errors).toBeDefined();
    expect((await gql(bob.key, '{ workflows { name } }')).data?.workflows.map((workflow: { name: string }) => workflow.name)).not.toContain('stolen');
  }, patient(60_000));
});
