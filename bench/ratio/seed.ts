import { catHeadWorkflow } from '../../test/support/workflow-helpers';
import { ApiClient, inParallel } from './api-client';
import { seedSampleTracking } from './seed-sample-tracking';

export const BENCH_ADMIN_EMAIL = 'ratio-admin@example.org';
export const BENCH_USER_EMAIL = 'ratio-user@example.org';
export const BENCH_OTHER_EMAIL = 'ratio-other@example.org';

/** What the targets read: a user's key and the encoded ids of what was seeded for them. */
export interface Seeded {
  userKey: string;
  adminKey: string;
  /** A history of 10 datasets (the show target) and one of `items` datasets (the contents listing). */
  smallHistoryId: string;
  bigHistoryId: string;
  /** A history of 100 datasets and 100 list collections of 10 of them (datasets and collections listed together). */
  mixedHistoryId: string;
  datasetId: string;
  jobId: string;
  /** A restricted library dataset the user may read through a role. */
  libraryDatasetId: string;
  smallFolderId: string;
  bigFolderId: string;
  /** The library of both folders (its recursive listing). */
  libraryId: string;
  /** A submitted request of the user's with `SAMPLE_TRACKING_SIZE` samples (one of that many requests). */
  bigRequestId: string;
  /** A history of the user, published and shared with two users (the sharing status target). */
  sharedHistoryId: string;
  /** One of the user's pages (two revisions) and visualizations (two revisions). */
  pageId: string;
  visualizationId: string;
  /** One of the user's workflows (four steps), among the 100 the user lists. */
  workflowId: string;
}

/** Requests of the user, and samples of the big request. */
export const SAMPLE_TRACKING_SIZE = 100;

interface Upload {
  outputs: Array<{ id: string }>;
  jobs: Array<{ id: string }>;
}

async function newUser(master: ApiClient, username: string, email: string): Promise<ApiClient> {
  const user = await master.post<{ id: string }>('/api/users', { username, email, password: 'bench-password' });
  const key = await master.post<string>(`/api/users/${user.id}/api_key`);
  return master.withKey(key);
}

async function waitForJob(client: ApiClient, jobId: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = await client.get<{ state: string }>(`/api/jobs/${jobId}`);
    if (job.state === 'ok') return;
    if (['error', 'deleted', 'paused'].includes(job.state) || Date.now() > deadline) throw new Error(`seed upload job ended ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function uploadText(client: ApiClient, historyId: string, text: string): Promise<{ datasetId: string; jobId: string }> {
  const upload = await client.post<Upload>('/api/tools', {
    tool_id: 'upload1',
    history_id: historyId,
    inputs: { 'files_0|url_paste': text, 'files_0|type': 'upload_dataset', file_type: 'tabular', dbkey: 'hg19', 'files_0|NAME': 'bench table' },
  });
  await waitForJob(client, upload.jobs[0].id);
  return { datasetId: upload.outputs[0].id, jobId: upload.jobs[0].id };
}

/** A history of 100 copies of a dataset and 100 list collections, each of 10 of those copies. */
async function mixedHistory(user: ApiClient, datasetId: string): Promise<string> {
  const historyId = (await user.post<{ id: string }>('/api/histories', { name: 'datasets and collections' })).id;
  const copies: string[] = new Array(100);
  await inParallel(100, 4, async (i) => {
    copies[i] = (await user.post<{ id: string }>(`/api/histories/${historyId}/contents`, { source: 'hda', content: datasetId })).id;
  });
  await inParallel(100, 4, (i) =>
    user.post(`/api/histories/${historyId}/contents`, {
      type: 'dataset_collection',
      collection_type: 'list',
      name: `collection ${i}`,
      element_identifiers: Array.from({ length: 10 }, (_, j) => ({ name: `element${j}`, src: 'hda', id: copies[(i + j) % 100] })),
    }),
  );
  return historyId;
}

const TABLE = Array.from({ length: 20 }, (_, i) => `chr${(i % 22) + 1}\t${i * 1000}\t${i * 1000 + 500}\tfeature_${i}`).join('\n') + '\n';

/**
 * Everything through the REST API, as a user's scripts would build it: 100 histories (one of 10
 * datasets, one of `items`), a job, a library whose folders hold 10 and `items` datasets copied from
 * a history, every second one restricted to a role the user holds.
 */
export async function seedThroughApi(baseUrl: string, masterKey: string, items: number): Promise<Seeded> {
  const master = new ApiClient(baseUrl, masterKey);
  const admin = await newUser(master, 'ratio-admin', BENCH_ADMIN_EMAIL);
  const user = await newUser(master, 'ratio-user', BENCH_USER_EMAIL);

  const bigHistoryId = (await user.post<{ id: string }>('/api/histories', { name: 'big history' })).id;
  const smallHistoryId = (await user.post<{ id: string }>('/api/histories', { name: 'small history' })).id;
  const sharedHistoryId = (await user.post<{ id: string }>('/api/histories', { name: 'shared history' })).id;
  await inParallel(97, 4, (i) => user.post('/api/histories', { name: `history ${i + 4}` }));

  const { datasetId, jobId } = await uploadText(user, smallHistoryId, TABLE);
  const copy = (historyId: string) => () => user.post(`/api/histories/${historyId}/contents`, { source: 'hda', content: datasetId });
  await inParallel(9, 4, copy(smallHistoryId));
  await inParallel(items, 4, copy(bigHistoryId));
  const mixedHistoryId = await mixedHistory(user, datasetId);

  const adminHistory = (await admin.post<{ id: string }>('/api/histories', { name: 'library sources' })).id;
  // Copies share their source's dataset: items alternate between a restricted and a public source.
  const restricted = await uploadText(admin, adminHistory, TABLE);
  const open = await uploadText(admin, adminHistory, TABLE);
  const library = await admin.post<{ id: string; root_folder_id: string }>('/api/libraries', { name: 'bench library', description: 'ratio benchmark' });
  const userId = (await user.get<{ id: string }>('/api/users/current')).id;
  const role = (await admin.post<Array<{ id: string; name: string }>>('/api/roles', { name: 'bench readers', description: 'hold the restricted half', user_ids: [userId] }))[0];
  const folder = async (name: string, count: number): Promise<{ folderId: string; datasetIds: string[] }> => {
    const created = await admin.post<{ id: string }>(`/api/folders/${library.root_folder_id}`, { name });
    const datasetIds: string[] = new Array(count);
    await inParallel(count, 4, async (i) => {
      const from = i % 2 === 0 ? restricted : open;
      const ldda = await admin.post<{ library_dataset_id: string }>(`/api/folders/${created.id}/contents`, { from_hda_id: from.datasetId });
      datasetIds[i] = ldda.library_dataset_id;
    });
    return { folderId: created.id, datasetIds };
  };
  const small = await folder('ten items', 10);
  await admin.post(`/api/libraries/datasets/${small.datasetIds[0]}/permissions`, { action: 'set_permissions', 'access_ids[]': [role.name] });
  const big = await folder(`${items} items`, items);
  const bigRequestId = await seedSampleTracking(admin, user, SAMPLE_TRACKING_SIZE, SAMPLE_TRACKING_SIZE);

  const other = await newUser(master, 'ratio-other', BENCH_OTHER_EMAIL);
  await user.put(`/api/histories/${sharedHistoryId}/publish`);
  await user.put(`/api/histories/${sharedHistoryId}/share_with_users`, { user_ids: [BENCH_OTHER_EMAIL, BENCH_ADMIN_EMAIL] });
  const { pageId, visualizationId } = await pagesAndVisualizations(user, other);
  const workflowId = await workflows(user, other);
  return {
    userKey: user.key,
    adminKey: admin.key,
    smallHistoryId,
    bigHistoryId,
    mixedHistoryId,
    datasetId,
    jobId,
    libraryDatasetId: small.datasetIds[0],
    smallFolderId: small.folderId,
    bigFolderId: big.folderId,
    libraryId: library.id,
    bigRequestId,
    sharedHistoryId,
    pageId,
    visualizationId,
    workflowId,
  };
}

const PAGE_CONTENT = `<h1>Results</h1>${'<p>Some <b>analysis</b> notes, with a <a href="http://example.org/">link</a>.</p>'.repeat(12)}`;
const CONFIG = { view: { tracks: Array.from({ length: 5 }, (_, i) => ({ name: `track ${i}`, dataset_id: `d${i}`, prefs: { color: '#aa0000', height: 32 } })) } };

/**
 * 100 pages the user lists (50 own, 50 published by another user, who has 10 more unpublished) and
 * 100 visualizations (40 own, 30 shared with the user, 30 published; 10 more of the other user's
 * private), each through the routes a client uses.
 */
async function pagesAndVisualizations(user: ApiClient, other: ApiClient): Promise<{ pageId: string; visualizationId: string }> {
  const page = (client: ApiClient, slug: string) => client.post<{ id: string }>('/api/pages', { slug, title: `Page ${slug}`, content: PAGE_CONTENT });
  const pageId = (await page(user, 'own-page-0')).id;
  await user.post(`/api/pages/${pageId}/revisions`, { content: `${PAGE_CONTENT}<p>revised</p>` });
  await inParallel(49, 4, (i) => page(user, `own-page-${i + 1}`));
  await inParallel(60, 4, async (i) => {
    const created = await page(other, `other-page-${i}`);
    if (i < 50) await other.put(`/api/pages/${created.id}/publish`);
  });

  const visualization = (client: ApiClient, title: string) => client.post<{ id: string }>('/api/visualizations', { type: 'trackster', title, dbkey: 'hg19', config: CONFIG });
  const visualizationId = (await visualization(user, 'own visualization 0')).id;
  await user.put(`/api/visualizations/${visualizationId}`, { title: 'own visualization 0, revised', config: CONFIG });
  await inParallel(39, 4, (i) => visualization(user, `own visualization ${i + 1}`));
  await inParallel(70, 4, async (i) => {
    const created = await visualization(other, `other visualization ${i}`);
    if (i < 30) await other.put(`/api/visualizations/${created.id}/share_with_users`, { user_ids: [BENCH_USER_EMAIL] });
    else if (i < 60) await other.put(`/api/visualizations/${created.id}/publish`);
  });
  return { pageId, visualizationId };
}

/**
 * 100 workflows the user lists (60 own, 40 shared with the user by another user, who has 20 more:
 * 10 published, listed only with show_published, and 10 private), each of four steps.
 */
async function workflows(user: ApiClient, other: ApiClient): Promise<string> {
  const workflow = (client: ApiClient, name: string, publish = false) => client.post<{ id: string }>('/api/workflows', { workflow: catHeadWorkflow(name), publish });
  const workflowId = (await workflow(user, 'own workflow 0')).id;
  await inParallel(59, 4, (i) => workflow(user, `own workflow ${i + 1}`));
  await inParallel(60, 4, async (i) => {
    const created = await workflow(other, `other workflow ${i}`, i >= 40 && i < 50);
    if (i < 40) await other.put(`/api/workflows/${created.id}/share_with_users`, { user_ids: [BENCH_USER_EMAIL] });
  });
  return workflowId;
}
