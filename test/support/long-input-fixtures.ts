import { createCollection, createHistory, uploadText, waitForJob } from './data-helpers';
import { createGroup, createRole } from './library-helpers';
import { createLibrary, createLibraryFolder, pasteIntoLibrary, waitForLibraryDataset } from './library-upload-helpers';
import { addSamples, createRequest, createRequestType, setUpForms } from './sample-tracking-helpers';
import type { TestPlatform, TestUser } from './test-platform';
import { catHeadWorkflow, importWorkflow } from './workflow-helpers';

/** Distinct words (so they neither compress into an index row nor make a small text-search vector), spaces between them, up to `bytes`. */
export function longText(bytes: number): string {
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i += 1) {
    const word = `w${i.toString(36)}`;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ');
}

/**
 * The text the sweeps put in every field: 64 KB, far over every limit PostgreSQL sets on a text in
 * an index entry (2,704 bytes), a notification (8,000 bytes) or a column the service bounds, so each
 * one is reached; a megabyte reaches no further limit and costs every request sixteen times as much
 * (sanitizing, parsing, the statement), which made the sweeps the slowest files of CI. The issue's
 * 1 MB name is tested apart (long-input-sweep.test.ts), and the ORM's cost of a 9 MB text in
 * test/unit/db/long-text-patches.test.ts.
 */
export const LONG_TEXT = longText(64 * 1024);

/** The size of text the issue found answered 500 (a library dataset's name). */
export const MEGABYTE_TEXT = longText(1024 * 1024);

/** Real objects of every kind a write route or a mutation names, owned by the administrator. */
export interface LongInputObjects {
  user: TestUser;
  historyId: string;
  datasetId: string;
  collectionId: string;
  jobId: string;
  libraryId: string;
  folderId: string;
  libraryDatasetId: string;
  pageId: string;
  visualizationId: string;
  workflowId: string;
  /** The workflow's two inputs by step index, each given the dataset (a run's `inputs`, or `ds_map` with `inputs_by=step_index`). */
  workflowRunInputs: Record<string, { src: 'hda'; id: string }>;
  groupId: string;
  roleId: string;
  quotaId: string;
  formId: string;
  sampleFormId: string;
  externalServiceId: string;
  requestTypeId: string;
  requestId: string;
  sampleId: string;
}

function ok<T>(res: { status: number; body: unknown }, what: string): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export async function createLongInputObjects(h: TestPlatform): Promise<LongInputObjects> {
  const key = h.admin.key;
  const user = await h.newUser('sweepuser');
  const historyId = await createHistory(h, key, 'Swept history');
  const upload = await uploadText(h, key, historyId, 'a\t1\nb\t2\n', { fileType: 'tabular', name: 'swept.tsv' });
  await waitForJob(h, key, upload.jobId);
  const collectionId = await createCollection(h, key, historyId, 'list', 'Swept list', [{ name: 'one', src: 'hda', id: upload.datasetId }]);
  const library = await createLibrary(h, 'Swept library');
  const folderId = await createLibraryFolder(h, library, library.rootFolderId, 'Swept folder');
  const libraryDatasetId = await pasteIntoLibrary(h, library, folderId, 'x\n', { file_type: 'txt' });
  await waitForLibraryDataset(h, libraryDatasetId);
  const page = ok<{ id: string }>(await h.api.post('/api/pages').send({ key, slug: 'swept-page', title: 'Swept page', content: '<p>swept</p>' }), 'page');
  const visualization = ok<{ id: string }>(await h.api.post('/api/visualizations').send({ key, type: 'trackster', title: 'Swept visualization', dbkey: 'hg19', config: {} }), 'visualization');
  const workflow = await importWorkflow(h, key, catHeadWorkflow('Swept workflow'));
  const workflowRunInputs = { '0': { src: 'hda' as const, id: upload.datasetId }, '1': { src: 'hda' as const, id: upload.datasetId } };
  const group = await createGroup(h, 'Swept group');
  const role = await createRole(h, 'Swept role');
  const quota = ok<{ id: string }>(await h.api.post('/api/quotas').send({ key, name: 'Swept quota', description: 'swept', amount: '1 GB', operation: '=' }), 'quota');
  const forms = await setUpForms(h);
  const requestType = await createRequestType(h, forms);
  const request = await createRequest(h, key, requestType.id, 'Swept request');
  const [sample] = await addSamples(h, key, request.id, ['swept sample']);
  return {
    user,
    historyId,
    datasetId: upload.datasetId,
    collectionId,
    jobId: upload.jobId,
    libraryId: library.id,
    folderId,
    libraryDatasetId,
    pageId: page.id,
    visualizationId: visualization.id,
    workflowId: workflow.id,
    workflowRunInputs,
    groupId: group.id,
    roleId: role.id,
    quotaId: quota.id,
    formId: forms.requestFormId,
    sampleFormId: forms.sampleFormId,
    externalServiceId: forms.externalServiceId,
    requestTypeId: requestType.id,
    requestId: request.id,
    sampleId: sample.id,
  };
}
