import { FINISHED_AREAS } from '../../rest-shim';
import { DEPOT_AREAS } from '../../rest-shim/depot';
import type { RouteSpec } from '../../rest-shim/core/route';
import { RouteInput } from '../../rest-shim/core/route-input';
import { REQUEST_TYPE_XML } from '../support/sample-tracking-helpers';
import { createLongInputObjects, LONG_TEXT, type LongInputObjects, MEGABYTE_TEXT } from '../support/long-input-fixtures';
import { startTestDepot, type TestDepot } from '../support/test-depot';
import { createLibrary, pasteIntoLibrary, waitForLibraryDataset } from '../support/library-upload-helpers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { catHeadWorkflow } from '../support/workflow-helpers';
import { onEmbeddedDefault } from '../support/test-database';

/**
 * Every write route of the platform and of the depot, called by an administrator on real objects
 * with 64 KB of text (LONG_TEXT: past every limit a text meets) in each field it reads (names, annotations, titles, slugs, descriptions,
 * synopses, emails, tags, info, genome builds…, found by recording what the route reads) and in the
 * nested texts of its documents (a workflow's name, a collection's elements, a form's XML): each
 * answers the contract's error (4xx) or accepts the text, never a 5xx. SWEEP_LOG=1 prints every
 * request's field, status and time (to see what the sweep reaches).
 */
let h: TestPlatform;
let depot: TestDepot;
let objects: LongInputObjects;
let depotObjects: { repositoryId: string; userId: string };

const HIGH_LIMITS = { SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '100000' };

/** The depot and its objects, for the depot's describe (the platform is not running then: no job of its sweep runs meanwhile). */
async function startDepotWithObjects(): Promise<void> {
  depot = await startTestDepot(HIGH_LIMITS);
  const author = await depot.newUser('sweepauthor');
  const category = await depot.api.post('/api/categories').send({ key: depot.admin.key, name: 'Swept category', description: 'swept' });
  const repository = await depot.api
    .post('/api/repositories')
    .send({ key: author.key, name: 'swept_repository', synopsis: 'swept', description: 'swept', type: 'unrestricted', category_ids: category.body.id });
  if (repository.status !== 200) throw new Error(`repository: ${repository.status} ${JSON.stringify(repository.body)}`);
  depotObjects = { repositoryId: repository.body.id, userId: author.id };
}

async function startPlatformWithObjects(): Promise<void> {
  // No tool data tables: deleting an entry would rewrite the shipped sample files.
  h = await startTestPlatform({ TOOL_DATA_TABLE_CONFIG: '', ...HIGH_LIMITS });
  objects = await createLongInputObjects(h);
}

/** A path parameter's real value, by its name and the path it is in. */
function platformValue(path: string, param: string): string {
  const o = objects;
  const byName: Record<string, string> = {
    user_id: o.user.id,
    group_id: o.groupId,
    quota_id: o.quotaId,
    history_id: o.historyId,
    dataset_id: path.startsWith('/api/libraries/') ? o.libraryDatasetId : o.datasetId,
    job_id: o.jobId,
    library_id: o.libraryId,
    folder_id: o.folderId,
    page_id: o.pageId,
    viz_id: o.visualizationId,
    request_id: o.requestId,
    sample_id: o.sampleId,
    workflow_id: o.workflowId,
    tag_name: 'swept',
    format: 'zip',
    table_id: 'all_fasta',
  };
  if (param === 'member_id') return path.includes('/roles/') ? o.roleId : o.user.id;
  if (param === 'id') {
    if (path.includes('/dataset_collections/')) return o.collectionId;
    if (path.includes('/contents/')) return path.startsWith('/api/libraries/') ? o.libraryDatasetId : o.datasetId;
    const kind = path.split('/')[2];
    const byKind: Record<string, string> = { histories: o.historyId, pages: o.pageId, visualizations: o.visualizationId, workflows: o.workflowId };
    return byKind[kind] ?? 'f2db41e1fa331b3e';
  }
  // An invocation, a revision or anything else: a well-formed id (the route answers it is unknown).
  return byName[param] ?? 'f2db41e1fa331b3e';
}

function depotValue(_path: string, param: string): string {
  return ({ repository_id: depotObjects.repositoryId, user_id: depotObjects.userId } as Record<string, string>)[param] ?? 'f2db41e1fa331b3e';
}

const realPath = (spec: RouteSpec<unknown>, value: (path: string, param: string) => string) => spec.path.replace(/[:*]([a-z_]+)/g, (_m, param: string) => value(spec.path, param));

/** Bodies that lead a route into each of its ways (its alternatives, or what a field switches on). */
function variantsOf(spec: RouteSpec<unknown>): Array<Record<string, unknown>> {
  const o = objects;
  const key = `${spec.method.toUpperCase()} ${spec.path}`;
  const workflow = catHeadWorkflow('swept');
  const variants: Record<string, Array<Record<string, unknown>>> = {
    'POST /api/histories/:history_id/contents': [
      { source: 'hda', content: o.datasetId },
      { type: 'dataset_collection', collection_type: 'list', name: 'n', element_identifiers: [{ name: 'e', src: 'hda', id: o.datasetId }] },
      { type: 'dataset_collection', source: 'hdca', content: o.collectionId },
      { source: 'library', content: o.libraryDatasetId },
    ],
    'POST /api/libraries/:library_id/contents': [
      { create_type: 'folder', folder_id: o.folderId, name: 'n' },
      { create_type: 'file', folder_id: o.folderId, from_hda_id: o.datasetId },
      { create_type: 'file', folder_id: o.folderId, 'files_0|url_paste': 'x', file_type: 'txt' },
      { create_type: 'collection', folder_id: o.folderId, collection_type: 'list', name: 'n', element_identifiers: [{ name: 'e', src: 'ldda', id: o.libraryDatasetId }] },
    ],
    'POST /api/folders/:folder_id/contents': [{ from_hda_id: o.datasetId }],
    'POST /api/workflows': [
      { workflow },
      { shared_workflow_id: o.workflowId },
      { from_history_id: o.historyId, workflow_name: 'n', job_ids: [], dataset_ids: [] },
      { workflow_id: o.workflowId, history: `hist_id=${o.historyId}`, ds_map: o.workflowRunInputs, inputs_by: 'step_index' },
      { workflow_id: o.workflowId, history: 'a new history', ds_map: o.workflowRunInputs, inputs_by: 'step_index' },
    ],
    'POST /api/workflows/upload': [{ workflow }],
    'POST /api/workflows/:workflow_id/invocations': [
      { history: `hist_id=${o.historyId}`, inputs: o.workflowRunInputs },
      { history: 'a new history', inputs: o.workflowRunInputs },
    ],
    'POST /api/workflows/:workflow_id/usage': [{ history: `hist_id=${o.historyId}`, ds_map: o.workflowRunInputs, inputs_by: 'step_index' }],
    'POST /api/pages': [{ slug: 'swept-two', title: 't', content: '<p>x</p>' }],
    'POST /api/visualizations': [{ type: 'trackster', title: 't', dbkey: 'hg19', config: {} }],
    'POST /api/tools': [{ tool_id: 'cat1', history_id: o.historyId, inputs: { input1: { src: 'hda', id: o.datasetId } } }],
    'POST /api/users': [{ username: 'sweeper', email: 'sweeper@example.org', password: 'sweep-password' }],
    'PUT /api/samples/:sample_id': [
      { update_type: 'sample_state', new_state: 'Received' },
      { update_type: 'run_details', run_name: 'run' },
      { update_type: 'sample_dataset_transfer_status', sample_dataset_ids: [], new_status: 'Not started' },
    ],
    'POST /api/request_types': [{ xml_text: REQUEST_TYPE_XML, request_form_id: o.formId, sample_form_id: o.sampleFormId, external_service_id: o.externalServiceId }],
    'POST /api/libraries/:library_id/permissions': [{ action: 'set_permissions' }],
    'POST /api/folders/:folder_id/permissions': [{ action: 'set_permissions' }],
    'POST /api/libraries/datasets/:dataset_id/permissions': [{ action: 'set_permissions' }],
    'PUT /api/datasets/:dataset_id/permissions': [{ action: 'set_permissions' }],
    'POST /api/jobs/search': [{ tool_id: 'cat1', inputs: {} }],
    'PUT /api/requests/:request_id': [{ update_type: 'request_state' }],
  };
  return variants[key] ?? [{}];
}

/** The fields a route reads for a body (recorded as it reads them), its own fields first. */
async function fieldsRead(api: TestPlatform['api'], adminKey: string, method: RouteSpec<unknown>['method'], path: string, body: Record<string, unknown>): Promise<string[]> {
  const read = new Set<string>();
  const spy = jest.spyOn(RouteInput.prototype, 'get').mockImplementation(function (this: RouteInput, name: string) {
    read.add(name);
    return this.body[name] !== undefined ? this.body[name] : this.query[name];
  });
  try {
    await api[method](path).query({ key: adminKey }).send(body);
  } finally {
    spy.mockRestore();
  }
  return [...read].filter((name) => name !== 'key');
}

let counter = 0;

/**
 * A value that lets a route go past a field it reads, so that the field after it is reached: unique
 * names (no "already exists" first), valid emails and amounts. Ids, lists, flags and the fields a
 * route switches on are left out (a variant gives those).
 */
function plausible(name: string): unknown {
  const n = (counter += 1);
  if (/(^|_)(id|ids)$|\[\]$|^(purge|deleted|undelete|importable|published|visible|recursive|force|copy_elements|hide_source_items|default|source|content|type|create_type|collection_type|format|action|update_type|style|link_data_only|upload_option|view|keys|types|state|in_users|in_groups|installed_repository_file|workflow|history|ds_map|inputs|inputs_by|parameters|replacement_params|import_inputs_to_history|no_add_to_history|batch|payload|config|values|element_identifiers|extended_metadata|update_type|new_state|new_status)$/.test(name)) return undefined;
  const known: Record<string, string> = {
    email: `swept${n}@example.org`,
    username: `swept${n}`,
    password: 'swept-password',
    amount: '1 GB',
    operation: '=',
    slug: `swept-${n}`,
    file_type: 'txt',
    file_ext: 'txt',
    extension: 'txt',
    dbkey: '?',
    genome_build: '?',
  };
  return known[name] ?? `swept ${n}`;
}

/** The variant with a plausible value in each field it does not give. */
const baseOf = (variant: Record<string, unknown>, fields: Iterable<string>) => {
  const base: Record<string, unknown> = {};
  for (const field of fields) {
    const value = plausible(field);
    if (value !== undefined && !(field in variant)) base[field] = value;
  }
  return { ...base, ...variant };
};

/** Each field read by a variant, with LONG_TEXT in it (the others plausible): the 5xx answers. */
async function serverErrors(api: TestPlatform['api'], adminKey: string, spec: RouteSpec<unknown>, path: string, variants: Array<Record<string, unknown>>, nested: Array<Record<string, unknown>>): Promise<string[]> {
  const failures: string[] = [];
  const send = async (body: Record<string, unknown>, what: string) => {
    const t0 = Date.now();
    const res = await api[spec.method](path).query({ key: adminKey }).send(body);
    if (process.env.SWEEP_LOG) process.stdout.write(`SWEEP ${spec.method.toUpperCase()} ${spec.path} ${what.slice(0, 60)} -> ${res.status} ${Date.now() - t0}ms ${JSON.stringify(res.body).slice(0, 100)}\n`);
    if (res.status >= 500) failures.push(`${res.status} ${spec.method.toUpperCase()} ${spec.path} ${what}: ${JSON.stringify(res.body).slice(0, 200)}`);
  };
  for (const variant of variants) {
    // What the route reads, then what it reads once those fields have values.
    const first = await fieldsRead(api, adminKey, spec.method, path, variant);
    const second = await fieldsRead(api, adminKey, spec.method, path, baseOf(variant, first));
    const fields = new Set([...Object.keys(variant), ...first, ...second]);
    for (const field of fields) await send({ ...baseOf(variant, fields), [field]: LONG_TEXT }, `${field} (with ${JSON.stringify(Object.keys(variant))})`);
  }
  for (const body of nested) await send(body, `nested: ${JSON.stringify(body).slice(0, 80)}`);
  return failures;
}

/** Long texts inside the documents routes take whole. */
function nestedOf(spec: RouteSpec<unknown>): Array<Record<string, unknown>> {
  const o = objects;
  const key = `${spec.method.toUpperCase()} ${spec.path}`;
  const longWorkflow = () => {
    const workflow = catHeadWorkflow(LONG_TEXT);
    const steps = workflow.steps as Record<string, Record<string, unknown>>;
    steps['0'] = { ...steps['0'], label: LONG_TEXT, annotation: LONG_TEXT };
    return workflow;
  };
  const nested: Record<string, Array<Record<string, unknown>>> = {
    'POST /api/workflows': [{ workflow: longWorkflow() }, { workflow: { ...catHeadWorkflow('swept'), annotation: LONG_TEXT } }],
    'POST /api/workflows/upload': [{ workflow: longWorkflow() }],
    'PUT /api/workflows/:workflow_id': [{ workflow: longWorkflow() }],
    'POST /api/histories/:history_id/contents': [
      { type: 'dataset_collection', collection_type: 'list', name: 'n', element_identifiers: [{ name: LONG_TEXT, src: 'hda', id: o.datasetId }] },
      { type: 'dataset_collection', collection_type: 'list:list', name: 'n', element_identifiers: [{ name: 'outer', src: 'new_collection', collection_type: 'list', element_identifiers: [{ name: LONG_TEXT, src: 'hda', id: o.datasetId }] }] },
    ],
    'PUT /api/histories/:history_id': [{ tags: [LONG_TEXT] }, { tags: [`name:${LONG_TEXT}`] }],
    'PUT /api/histories/:history_id/contents/:id': [{ tags: [LONG_TEXT] }],
    'PUT /api/histories/:history_id/contents/dataset_collections/:id': [{ tags: [LONG_TEXT] }],
    'PUT /api/samples/:sample_id': [{ update_type: 'run_details', run_name: LONG_TEXT }],
    'POST /api/request_types': [
      { xml_text: REQUEST_TYPE_XML.replace('name="Illumina run"', `name="${LONG_TEXT}"`), request_form_id: o.formId, sample_form_id: o.sampleFormId, external_service_id: o.externalServiceId },
    ],
    'POST /api/forms': [{ xml_text: `<form name="${LONG_TEXT}" description="${LONG_TEXT}" type="request"><fields><field type="text" name="a" label="${LONG_TEXT}"/></fields></form>` }],
    'POST /api/visualizations': [{ type: 'trackster', title: 't', config: { text: LONG_TEXT } }],
    'POST /api/tools': [{ tool_id: 'upload1', history_id: o.historyId, inputs: { 'files_0|url_paste': 'x', 'files_0|type': 'upload_dataset', 'files_0|NAME': LONG_TEXT, dbkey: LONG_TEXT, file_type: 'txt' } }],
  };
  return nested[key] ?? [];
}

/** Deletions last: the routes before them use the same objects. */
const order = (spec: RouteSpec<unknown>) => (spec.method === 'delete' ? 1 : 0);
const writeRoutes = (areas: typeof FINISHED_AREAS) =>
  areas
    .flatMap((area) => area.routes.filter((spec) => spec.notImplemented === undefined && spec.method !== 'get').map((spec) => [area.area, spec.method.toUpperCase(), spec.path, spec] as const))
    .sort((a, b) => order(a[3]) - order(b[3]));

/**
 * The sweeps run on the default (embedded) database only, not again on a server given by
 * TEST_DATABASE_URL: the limits they reach are PostgreSQL's own, the same in both, and the two sweeps
 * are among the costliest files of a run. The issue's own case runs on both.
 */
const onDefaultDatabase = onEmbeddedDefault ? describe : describe.skip;

describe('PATCH /api/libraries/datasets/{id} with a 1 MB name', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform?.close());

  it('answers 400 (RequestParameterInvalidException; it answered 500 "Uncaught exception") and keeps the name', async () => {
    const library = await createLibrary(platform, 'Long names');
    const datasetId = await pasteIntoLibrary(platform, library, library.rootFolderId, 'x\n', { file_type: 'txt' });
    await waitForLibraryDataset(platform, datasetId);
    const res = await platform.api.patch(`/api/libraries/datasets/${datasetId}`).query({ key: platform.admin.key }).send({ name: MEGABYTE_TEXT });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe(400008);
    const shown = await platform.api.get(`/api/libraries/datasets/${datasetId}`).query({ key: platform.admin.key });
    expect(shown.body.name).not.toBe(MEGABYTE_TEXT);
  });
});

onDefaultDatabase('a long text in any field of a depot write route never answers a 5xx', () => {
  beforeAll(startDepotWithObjects, 60_000);
  afterAll(() => depot?.close());

  it.each(writeRoutes(DEPOT_AREAS))('%s %s %s', async (_area, _method, _path, spec) => {
    expect(await serverErrors(depot.api, depot.admin.key, spec, realPath(spec, depotValue), [{}], [])).toEqual([]);
  });
});

onDefaultDatabase('a long text in any field of a platform write route never answers a 5xx', () => {
  beforeAll(startPlatformWithObjects, 120_000);
  afterAll(() => h?.close());

  it.each(writeRoutes(FINISHED_AREAS))('%s %s %s', async (_area, _method, _path, spec) => {
    expect(await serverErrors(h.api, h.admin.key, spec, realPath(spec, platformValue), variantsOf(spec), nestedOf(spec))).toEqual([]);
  });
});
