import { ApiClient, inParallel } from './api-client';
import { seedSampleTracking } from './seed-sample-tracking';

export const BENCH_ADMIN_EMAIL = 'ratio-admin@example.org';
export const BENCH_USER_EMAIL = 'ratio-user@example.org';

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
  /** A submitted request of the user's with `SAMPLE_TRACKING_SIZE` samples (one of that many requests). */
  bigRequestId: string;
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
  await inParallel(98, 4, (i) => user.post('/api/histories', { name: `history ${i + 3}` }));

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
    bigRequestId,
  };
}
