import type { TestPlatform } from './test-platform';
import { pollPause } from './poll-pause';
import { patient } from './patience';

export interface Uploaded {
  datasetId: string;
  jobId: string;
}

/** Creates a history for a user and returns its encoded id. */
export async function createHistory(h: TestPlatform, key: string, name = 'test history'): Promise<string> {
  const res = await h.api.post('/api/histories').send({ key, name });
  if (res.status !== 200) throw new Error(`history: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Pastes text into a history through the upload tool (as the platform's clients do). */
export async function uploadText(h: TestPlatform, key: string, historyId: string, content: string, options: { fileType?: string; name?: string } = {}): Promise<Uploaded> {
  const inputs: Record<string, unknown> = {
    'files_0|url_paste': content,
    'files_0|type': 'upload_dataset',
    file_type: options.fileType ?? 'auto',
    dbkey: '?',
  };
  if (options.name) inputs['files_0|NAME'] = options.name;
  const res = await h.api.post('/api/tools').send({ key, tool_id: 'upload1', history_id: historyId, inputs });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return { datasetId: res.body.outputs[0].id, jobId: res.body.jobs[0].id };
}

/** Uploads a file (multipart, as the platform's clients send one) into a history through the upload tool. */
export async function uploadFile(h: TestPlatform, key: string, historyId: string, content: Buffer, fileName: string, fileType = 'auto'): Promise<Uploaded> {
  const res = await h.api
    .post('/api/tools')
    .field('key', key)
    .field('tool_id', 'upload1')
    .field('history_id', historyId)
    .field('inputs', JSON.stringify({ 'files_0|type': 'upload_dataset', file_type: fileType, dbkey: '?' }))
    .attach('files_0|file_data', content, fileName);
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return { datasetId: res.body.outputs[0].id, jobId: res.body.jobs[0].id };
}

/** Runs a tool and returns the response body. */
export async function runTool(h: TestPlatform, key: string, historyId: string, toolId: string, inputs: Record<string, unknown>) {
  const res = await h.api.post('/api/tools').send({ key, tool_id: toolId, history_id: historyId, inputs });
  if (res.status !== 200) throw new Error(`${toolId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { outputs: Array<{ id: string; output_name: string }>; jobs: Array<{ id: string }> };
}

/** Polls a job until it is ok or error (or the time runs out). */
export async function waitForJob(h: TestPlatform, key: string, jobId: string, timeoutMs = 25000): Promise<Record<string, unknown>> {
  // By default a little less than a test's own time (30 s), so that a job that never ends says how it stands.
  const deadline = Date.now() + patient(timeoutMs);
  for (let attempt = 0; ; attempt += 1) {
    const res = await h.api.get(`/api/jobs/${jobId}`).query({ key, full: 'true' });
    if (res.status !== 200) throw new Error(`job ${jobId}: ${res.status} ${JSON.stringify(res.body)}`);
    if (['ok', 'error', 'deleted', 'paused'].includes(res.body.state)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.state}; the jobs not over: ${await unfinishedJobs(h)}`);
    await pollPause(attempt);
  }
}

/** The jobs not over, as the queue holds them (for a test that waited in vain). */
async function unfinishedJobs(h: TestPlatform): Promise<string> {
  const rows = await h.platform.services.db.orm.em
    .fork()
    .getConnection()
    .execute(
      "select id, tool_id, state, runner, handler, destination_id, attempts, external_state, heartbeat_time, update_time, (select count(*) from job_lock where locked) as locks from job where state not in ('ok', 'error', 'deleted') order by id",
    )
    .catch((error: unknown) => [{ unreadable: String(error) }]);
  return JSON.stringify(rows);
}

/** The raw content of a dataset. */
export async function datasetText(h: TestPlatform, key: string, datasetId: string): Promise<string> {
  const res = await h.api.get(`/api/datasets/${datasetId}/display`).query({ key }).buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
  });
  if (res.status !== 200) throw new Error(`display: ${res.status}`);
  return res.body as string;
}

/** How a collection's elements are named for `POST /api/histories/{id}/contents` (datasets, or nested new collections). */
export type CollectionElementSpec =
  | { name: string; src: 'hda'; id: string }
  | { name: string; src: 'new_collection'; collection_type: string; element_identifiers: CollectionElementSpec[] };

/** Creates a collection in a history through the REST contract; answers its encoded id. */
export async function createCollection(h: TestPlatform, key: string, historyId: string, collectionType: string, name: string, elements: CollectionElementSpec[]): Promise<string> {
  const res = await h.api
    .post(`/api/histories/${historyId}/contents`)
    .query({ key })
    .send({ type: 'dataset_collection', collection_type: collectionType, name, element_identifiers: elements });
  if (res.status !== 200) throw new Error(`collection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
