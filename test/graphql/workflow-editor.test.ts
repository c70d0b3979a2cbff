import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/** What the workflow editor asks of the graph beyond the workflow: connection checks, actions, new workflows. */
interface Answer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

let h: TestPlatform;
let alice: TestUser;

const ask = async (query: string, variables: Record<string, unknown> = {}, key?: string): Promise<Answer> => {
  const req = h.api.post('/graphql');
  if (key) req.set('x-api-key', key);
  return (await req.send({ query, variables })).body as Answer;
};

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('editor-alice');
});
afterAll(async () => {
  await h.close();
});

const ACCEPTS = 'query ($output: [String!]!, $input: [String!]!) { datatypeAccepts(output: $output, input: $input) { accepted reason } }';

describe('datatypeAccepts: connections checked by the datatypes registry', () => {
  it('accepts a subclass (bed and interval feed tabular) and the same datatype', async () => {
    for (const output of ['bed', 'interval', 'tabular']) {
      const res = await ask(ACCEPTS, { output: [output], input: ['tabular'] });
      expect(res.errors).toBeUndefined();
      expect(res.data?.datatypeAccepts).toEqual({ accepted: true, reason: null });
    }
  });

  it('refuses a datatype that is no subclass (txt into tabular, tabular into fasta) with the reason', async () => {
    const res = await ask(ACCEPTS, { output: ['txt'], input: ['tabular'] });
    expect(res.data?.datatypeAccepts).toEqual({ accepted: false, reason: 'Incompatible datatypes: txt is not tabular.' });
    const fasta = await ask(ACCEPTS, { output: ['tabular'], input: ['fasta', 'fastqsanger'] });
    expect(fasta.data?.datatypeAccepts).toEqual({ accepted: false, reason: 'Incompatible datatypes: tabular is not any of fasta, fastqsanger.' });
  });

  it("lets an input step's output (its datatype known at the run) and a 'data' input take anything", async () => {
    expect((await ask(ACCEPTS, { output: ['input'], input: ['fasta'] })).data?.datatypeAccepts).toEqual({ accepted: true, reason: null });
    expect((await ask(ACCEPTS, { output: ['txt'], input: ['data'] })).data?.datatypeAccepts).toEqual({ accepted: true, reason: null });
  });
});

describe('postJobActionDefinitions: the actions of 15.05 with their fields', () => {
  it('lists rename, hide, change datatype, tags, delete intermediates and column set', async () => {
    const res = await ask('{ postJobActionDefinitions { actionType label perStep fields { name label kind } } }');
    expect(res.errors).toBeUndefined();
    const definitions = res.data?.postJobActionDefinitions as Array<{ actionType: string; perStep: boolean; fields: Array<{ name: string; kind: string }> }>;
    expect(definitions.map((definition) => definition.actionType)).toEqual([
      'RenameDatasetAction', 'HideDatasetAction', 'ChangeDatatypeAction', 'TagDatasetAction', 'DeleteIntermediatesAction', 'ColumnSetAction',
    ]);
    const byType = Object.fromEntries(definitions.map((definition) => [definition.actionType, definition]));
    expect(byType.RenameDatasetAction.fields).toEqual([{ name: 'newname', label: 'New output name', kind: 'text' }]);
    expect(byType.ChangeDatatypeAction.fields.map((field) => field.kind)).toEqual(['datatype']);
    expect(byType.ColumnSetAction.fields.map((field) => field.name)).toEqual(['chromCol', 'startCol', 'endCol', 'strandCol', 'nameCol']);
    expect(byType.DeleteIntermediatesAction.perStep).toBe(true);
  });
});

const CREATE = 'mutation ($name: String!, $annotation: String) { createWorkflow(name: $name, annotation: $annotation) { id name annotation stepCount versions { id } } }';

describe('createWorkflow: "Create new workflow"', () => {
  it('stores an empty workflow under the name given, its own (no API suffix), with one version', async () => {
    const res = await ask(CREATE, { name: '  My pipeline ', annotation: 'Sorts then selects' }, alice.key);
    expect(res.errors).toBeUndefined();
    const created = res.data?.createWorkflow as { id: string; name: string; annotation: string; stepCount: number; versions: unknown[] };
    expect(created).toMatchObject({ name: 'My pipeline', annotation: 'Sorts then selects', stepCount: 0 });
    expect(created.versions).toHaveLength(1);
    const listed = await h.api.get('/api/workflows').set('x-api-key', alice.key);
    expect((listed.body as Array<{ name: string }>).map((workflow) => workflow.name)).toContain('My pipeline');
  });

  it('refuses an empty name with a clear error, and a visitor', async () => {
    const empty = await ask(CREATE, { name: '   ' }, alice.key);
    expect(empty.errors?.[0].message).toBe('A new workflow needs a name.');
    const visitor = await ask(CREATE, { name: 'Nope' });
    expect(visitor.data?.createWorkflow ?? null).toBeNull();
    expect(visitor.errors?.length).toBeGreaterThan(0);
  });

  it('takes a saved version from updateWorkflow with the name kept', async () => {
    const created = (await ask(CREATE, { name: 'Filled later' }, alice.key)).data?.createWorkflow as { id: string };
    const ga = {
      name: 'ignored',
      steps: { '0': { id: 0, type: 'data_input', tool_state: JSON.stringify({ name: 'Input Dataset' }), input_connections: {}, position: { left: 10, top: 20 } } },
    };
    const res = await ask('mutation ($id: ID!, $w: JSON) { updateWorkflow(id: $id, workflow: $w) { name stepCount versions { id } steps { type position } } }', { id: created.id, w: ga }, alice.key);
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateWorkflow).toMatchObject({ name: 'Filled later', stepCount: 1, steps: [{ type: 'data_input', position: { left: 10, top: 20 } }] });
  });
});
