import { IdCodec } from '../../src/ids/id-codec';
import { FINISHED_AREAS } from '../../rest-shim';
import { DEPOT_AREAS } from '../../rest-shim/depot';
import type { RouteSpec } from '../../rest-shim/core/route';
import { DEPOT_ID_SECRET, startTestDepot, type TestDepot } from '../support/test-depot';
import { DEFAULT_ID_SECRET, startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * Every route of the platform and of the depot, called by an administrator with ids that name nothing (malformed, and
 * well-formed but unknown) and with payloads of the wrong types: each answers an error of the
 * contract's kinds (4xx), never a 500.
 */
let h: TestPlatform;
let depot: TestDepot;

beforeAll(async () => {
  h = await startTestPlatform();
  depot = await startTestDepot();
});
afterAll(async () => {
  await depot.close();
  await h.close();
});

/** Field values of the wrong type for the names routes read. */
const WRONG_TYPES: Record<string, unknown> = {
  workflow: 5, workflow_id: ['x'], ds_map: 'x', inputs: 7, inputs_by: 3, parameters: 'x', replacement_params: 4, history: 6,
  from_history_id: 5, job_ids: 'x', dataset_ids: 3, dataset_collection_ids: 'x', workflow_name: 8, shared_workflow_id: 5,
  installed_repository_file: 3, payload: 'x', values: 3, xml_text: 5, name: ['a'], title: {}, slug: 4, content: 7, annotation: 3,
  config: 'x', type: 9, dbkey: [], import_id: 5, user_ids: 'x', update_type: 5, new_state: 3, sample_dataset_ids: 'x', new_status: 4,
  role_ids: 'x', request_form_id: 5, sample_form_id: 5, external_service_id: 5, tool_shed_url: 5, depot_url: 7, owner: [], changeset_revision: 8,
  tool_panel_section_id: 5, new_tool_panel_section_label: [], install_repository_dependencies: 'x', index: 'x', id: 5, key_: 1,
};

const pathWith = (spec: RouteSpec, value: string) => spec.path.replace(/[:*][a-z_]+/g, value);

/** Each route with malformed and unknown ids, with no payload and with a payload of wrong types: the server errors it answered. */
async function serverErrors(api: TestPlatform['api'], key: string, spec: RouteSpec, unknownId: string): Promise<string[]> {
  const failures: string[] = [];
  for (const id of ['nope', unknownId]) {
    for (const body of [{}, WRONG_TYPES]) {
      const path = pathWith(spec, id);
      const res = await api[spec.method](path).query({ key }).send(body);
      // NotImplemented (501001) is a contract answer (POST /api/jobs: "Please POST to /api/tools instead.").
      const notImplemented = res.status === 501 && (res.body as { err_code?: number }).err_code === 501001;
      if (res.status >= 500 && !notImplemented) failures.push(`${res.status} ${spec.method.toUpperCase()} ${path} ${body === WRONG_TYPES ? 'wrong types' : '{}'}: ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  }
  return failures;
}

// Routes the contract leaves unimplemented answer 501 by design (NotImplemented); every other is swept.
const swept = (areas: typeof FINISHED_AREAS) =>
  areas.flatMap((area) => area.routes.filter((spec) => spec.notImplemented === undefined).map((spec) => [area.area, spec.method.toUpperCase(), spec.path, spec] as const));

describe('bad input never answers 500 on the platform', () => {
  const unknownId = new IdCodec(DEFAULT_ID_SECRET).encode(987654);
  it.each(swept(FINISHED_AREAS))('%s %s %s', async (_area, _method, _path, spec) => {
    expect(await serverErrors(h.api, h.admin.key, spec, unknownId)).toEqual([]);
  });
});

describe('bad input never answers 500 on the depot', () => {
  const unknownId = new IdCodec(DEPOT_ID_SECRET).encode(987654);
  it.each(swept(DEPOT_AREAS))('%s %s %s', async (_area, _method, _path, spec) => {
    expect(await serverErrors(depot.api, depot.admin.key, spec, unknownId)).toEqual([]);
  });
});
