import { IdCodec } from '../../src/ids/id-codec';
import type { ApiClient } from '../ratio/api-client';

/**
 * A new history named `$2`, of the owner of the history dataset `$3`, holding `$1` copies of that
 * dataset (one file listed `$1` times, by hid 1…$1): one statement, answering the new history's id
 * (`history_id`). Benchmarks seed big histories with it in seconds instead of hours of API calls.
 */
export const HISTORY_OF_COPIES = `
  with src as (select * from history_dataset_association where id = $3),
       h as (insert into history (create_time, update_time, user_id, name, hid_counter)
             select now(), now(), s.user_id, $2, $1 + 1 from history s where s.id = (select history_id from src)
             returning id),
       made as (insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata, visible, deleted, purged)
                select now(), now(), h.id, src.dataset_id, n, src.name, src.info, src.blurb, src.peek, src.extension, src.dbkey, src.metadata, true, false, false
                from h, src, generate_series(1, $1) n
                returning history_id)
  select history_id from made limit 1`;

async function waitForJob(user: ApiClient, jobId: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = await user.get<{ state: string }>(`/api/jobs/${jobId}`);
    if (job.state === 'ok') return;
    if (['error', 'deleted', 'paused'].includes(job.state) || Date.now() > deadline) throw new Error(`seed upload job ended ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A new user (through the master key's API) with one uploaded two-line table in a history 'source':
 * the user's client, and the upload's history dataset id (decoded), the source of HISTORY_OF_COPIES.
 */
export async function userWithOneUpload(master: ApiClient, username: string, email: string, idSecret: string): Promise<{ user: ApiClient; sourceHda: number }> {
  const created = await master.post<{ id: string }>('/api/users', { username, email, password: 'bench-password' });
  const user = master.withKey(await master.post<string>(`/api/users/${created.id}/api_key`));
  const source = (await user.post<{ id: string }>('/api/histories', { name: 'source' })).id;
  const upload = await user.post<{ outputs: Array<{ id: string }>; jobs: Array<{ id: string }> }>('/api/tools', {
    tool_id: 'upload1',
    history_id: source,
    inputs: { 'files_0|url_paste': 'a\tb\n1\t2\n', 'files_0|type': 'upload_dataset', file_type: 'tabular', dbkey: 'hg19', 'files_0|NAME': 'bench table' },
  });
  await waitForJob(user, upload.jobs[0].id);
  return { user, sourceHda: new IdCodec(idSecret).decode(upload.outputs[0].id) };
}
