import { createCollection, createHistory, uploadText, waitForJob } from './data-helpers';
import { createGroup, createRole } from './library-helpers';
import { createLibrary, createLibraryFolder, pasteIntoLibrary, waitForLibraryDataset } from './library-upload-helpers';
import { addSamples, createRequest, createRequestType, setUpForms } from './sample-tracking-helpers';
import type { TestPlatform, TestUser } from './test-platform';
import { catHeadWorkflow, importWorkflow } from './workflow-helpers';

/**
 * About 1 MB of text that no column, index or text search can hold whole: distinct words (so it
 * neither compresses into an index row nor makes a small text-search vector), spaces between them.
 */
export const LONG_TEXT = (() => {
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < 1024 * 1024; i += 1) {
    const word = `w${i.toString(36)}`;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ');
})();

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
