import { inflateRawSync } from 'node:zlib';
import type { TestPlatform } from './test-platform';
import { pollPause } from './poll-pause';
import { patient } from './patience';

/** Library fixtures for the upload and library dataset change tests (through the API, as an administrator). */

type Dict = Record<string, unknown>;

export interface TestLibrary {
  id: string;
  rootFolderId: string;
  name: string;
}

/** An administrator's new library (reply includes its root folder). */
export async function createLibrary(h: TestPlatform, name: string): Promise<TestLibrary> {
  const res = await h.api.post('/api/libraries').send({ key: h.admin.key, name, description: '', synopsis: '' });
  if (res.status !== 200) throw new Error(`library: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, rootFolderId: res.body.root_folder_id, name };
}

/** A folder created through `POST /api/libraries/{id}/contents`; returns its 'F' id. */
export async function createLibraryFolder(h: TestPlatform, library: TestLibrary, parentId: string, name: string): Promise<string> {
  const res = await h.api.post(`/api/libraries/${library.id}/contents`).send({ key: h.admin.key, create_type: 'folder', folder_id: parentId, name });
  if (res.status !== 200) throw new Error(`folder: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0].id;
}

/** Pastes text into a library folder (create_type file, upload_file); returns the new library dataset id. */
export async function pasteIntoLibrary(h: TestPlatform, library: TestLibrary, folderId: string, content: string, extra: Dict = {}, key = h.admin.key): Promise<string> {
  const res = await h.api.post(`/api/libraries/${library.id}/contents`).send({ key, create_type: 'file', folder_id: folderId, 'files_0|url_paste': content, ...extra });
  if (res.status !== 200) throw new Error(`paste: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0].id;
}

/** Polls a library dataset until its current version is ok or error; returns its detail. */
export async function waitForLibraryDataset(h: TestPlatform, id: string, key = h.admin.key, timeoutMs = 30000): Promise<Dict> {
  const deadline = Date.now() + patient(timeoutMs);
  for (let attempt = 0; ; attempt += 1) {
    const res = await h.api.get(`/api/libraries/datasets/${id}`).query({ key });
    if (res.status !== 200) throw new Error(`library dataset ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.state === 'ok' || res.body.state === 'error') return res.body as Dict;
    if (Date.now() > deadline) throw new Error(`library dataset ${id} still ${res.body.state}`);
    await pollPause(attempt);
  }
}

/** The job that writes a library dataset's current version (through job_to_output_dataset.ldda), encoded. */
export async function jobOfLibraryDataset(h: TestPlatform, id: string): Promise<{ jobId: string; state: string; lddaId: number }> {
  const em = h.platform.services.db.orm.em.fork();
  const rows = await em.execute<Array<{ job_id: number; state: string; ldda_id: number }>>(
    `select jo.job_id, j.state, jo.ldda_id from job_to_output_dataset jo
     join job j on j.id = jo.job_id
     join library_dataset ld on ld.ldda_id = jo.ldda_id
     where ld.id = ?`,
    [h.platform.services.ids.decode(id)],
  );
  if (rows.length !== 1) throw new Error(`no job for library dataset ${id}`);
  return { jobId: h.platform.services.ids.encode(Number(rows[0].job_id)), state: rows[0].state, lddaId: Number(rows[0].ldda_id) };
}

/** The files of a zip archive by name (central directory, stored or deflated members; no zip64). */
export function readZip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** The regular files of a tar archive by path (ustar, with pax path records). */
export function readTar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const text = (start: number, length: number, at: number) => tar.subarray(at + start, at + start + length).toString('utf8').replace(/\0.*$/s, '');
  let paxPath: string | null = null;
  for (let at = 0; at + 512 <= tar.length; ) {
    if (tar.subarray(at, at + 512).every((byte) => byte === 0)) break;
    const size = parseInt(text(124, 12, at).trim() || '0', 8);
    const type = text(156, 1, at);
    const prefix = text(345, 155, at);
    const body = tar.subarray(at + 512, at + 512 + size);
    if (type === 'x') {
      const record = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      paxPath = record ? record[1] : null;
    } else if (type === '0' || type === '') {
      files.set(paxPath ?? (prefix ? `${prefix}/${text(0, 100, at)}` : text(0, 100, at)), Buffer.from(body));
      paxPath = null;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}
