import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestDepot } from './test-depot';
import type { TestPlatform } from './test-platform';

/** A tool that reverses the lines of a text; `upper` also upper-cases them (a second version that differs). */
export function reverseToolXml(version: string, options: { upper?: boolean; id?: string } = {}): string {
  const command = options.upper ? "tac '$input' | tr a-z A-Z > '$output'" : "tac '$input' > '$output'";
  return `<tool id="${options.id ?? 'reverse_lines'}" name="Reverse lines" version="${version}">
  <description>of a text</description>
  <command>${command}</command>
  <inputs><param name="input" type="data" format="txt" label="Text"/></inputs>
  <outputs><data name="output" format="txt"/></outputs>
  <help>Reverses the lines of a text file.</help>
</tool>
`;
}

/** A `.ga` workflow of one input step and one step of `toolId`. */
export function reverseWorkflow(name: string, toolId: string, toolVersion: string): string {
  return JSON.stringify({
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name,
    annotation: `${name} annotation`,
    uuid: null,
    steps: {
      '0': { id: 0, type: 'data_input', name: 'Input dataset', tool_id: null, tool_state: JSON.stringify({ name: 'Text' }), inputs: [{ name: 'Text', description: '' }], input_connections: {}, outputs: [], position: { left: 10, top: 10 }, annotation: '', label: null, uuid: null, workflow_outputs: [] },
      '1': {
        id: 1,
        type: 'tool',
        name: 'Reverse lines',
        tool_id: toolId,
        tool_version: toolVersion,
        tool_state: JSON.stringify({ input: 'null', __page__: 0 }),
        inputs: [],
        input_connections: { input: { id: 0, output_name: 'output' } },
        outputs: [{ name: 'output', type: 'txt' }],
        position: { left: 200, top: 10 },
        annotation: '',
        label: null,
        uuid: null,
        post_job_actions: {},
        workflow_outputs: [],
      },
    },
  });
}

/** The guid a tool of `repository` gets from this depot. */
export function guidOf(depot: TestDepot, owner: string, repository: string, toolId: string, version: string): string {
  return `${new URL(depot.url!).host}/repos/${owner}/${repository}/${toolId}/${version}`;
}

/** Installs through the installers' spelling as an administrator; expects success. */
export async function installRevision(h: TestPlatform, depot: TestDepot, owner: string, name: string, changeset: string, extra: Record<string, unknown> = {}) {
  const res = await h.api
    .post('/api/tool_shed_repositories/new/install_repository_revision')
    .send({ key: h.admin.key, tool_shed_url: depot.url, name, owner, changeset_revision: changeset, ...extra });
  if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`install ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Array<Record<string, unknown> & { id: string; status: string; name: string }>;
}

export interface FakeDepot {
  url: string;
  /** Paths requested so far (with their query). */
  hits: string[];
  close(): Promise<void>;
}

/**
 * A depot stand-in on a real port: `answer(path)` gives the JSON of each request (undefined: 404).
 * For what a real depot never does (an archive that fails) and to see whether a request was made.
 */
export async function fakeDepot(answer: (path: string, url: string) => unknown): Promise<FakeDepot> {
  const hits: string[] = [];
  let url = '';
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const body = answer(new URL(req.url ?? '/', url).pathname, url);
    if (body === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
