import { gzipSync } from 'node:zlib';
import * as tar from 'tar';
import type { DepotUser, TestDepot } from './test-depot';

export { binary } from './history-helpers';

/** One member of a test tarball: a file (text), a directory, or a link. */
export type Member =
  | { path: string; content: string }
  | { path: string; dir: true }
  | { path: string; symlink: string }
  | { path: string; hardlink: string };

/** A gzip tar built in memory, member by member (paths are written as given, unsafe ones too). */
export function tarball(members: Member[] | Record<string, string>): Buffer {
  const list: Member[] = Array.isArray(members) ? members : Object.entries(members).map(([path, content]) => ({ path, content }));
  const blocks: Buffer[] = [];
  for (const member of list) {
    const body = 'content' in member ? Buffer.from(member.content) : Buffer.alloc(0);
    const header = new tar.Header({
      path: member.path,
      mode: 'dir' in member ? 0o755 : 0o644,
      size: body.length,
      mtime: new Date('2026-01-01T00:00:00Z'),
      type: 'dir' in member ? 'Directory' : 'symlink' in member ? 'SymbolicLink' : 'hardlink' in member ? 'Link' : 'File',
      linkpath: 'symlink' in member ? member.symlink : 'hardlink' in member ? member.hardlink : undefined,
      uid: 0,
      gid: 0,
    });
    const block = Buffer.alloc(512);
    header.encode(block);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** A tool XML document. */
export function toolXml(id: string, version: string, name = id): string {
  return `<tool id="${id}" name="${name}" version="${version}">
  <description>reverses lines</description>
  <requirements><requirement type="package" version="8.3">coreutils</requirement></requirements>
  <command>tac '$input' > '$output'</command>
  <inputs><param name="input" type="data" format="txt" label="Text"/></inputs>
  <outputs><data name="output" format="txt"/></outputs>
  <help>Reverses the lines of a text file.</help>
</tool>
`;
}

export interface CreatedRepository {
  id: string;
  name: string;
  owner: string;
}

/** Creates a repository as `user` through the API. */
export async function createRepository(h: TestDepot, user: DepotUser, name: string, fields: Record<string, unknown> = {}): Promise<CreatedRepository> {
  const res = await h.api.post('/api/repositories').query({ key: user.key }).send({ name, synopsis: `The ${name} tools`, ...fields });
  if (res.status !== 200) throw new Error(`cannot create ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, name, owner: user.username };
}

/** Uploads a tarball as a new revision (multipart `file` + `commit_message`, as the publishing clients send). */
export function upload(h: TestDepot, key: string, repositoryId: string, archive: Buffer, message = 'Uploaded') {
  return h.api.post(`/api/repositories/${repositoryId}/changeset_revision`).field('key', key).field('commit_message', message).attach('file', archive, 'repository.tar.gz');
}

/** Uploads and expects success; answers the new revision's changeset (its first 12 hex). */
export async function publish(h: TestDepot, user: DepotUser, repository: CreatedRepository, files: Record<string, string>, message = 'Uploaded'): Promise<string> {
  const res = await upload(h, user.key, repository.id, tarball(files), message);
  if (res.status !== 200) throw new Error(`upload to ${repository.name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const [row] = await h.sql<{ changeset_revision: string }>(
    'select c.changeset_revision from depot.changeset c join depot.repository r on r.id = c.repository_id where r.name = ? order by c.ctx_rev desc limit 1',
    [repository.name],
  );
  return row.changeset_revision;
}

/** Reads a gzip tar (a downloaded archive) into path -> content (files) and path -> '-> target' (links). */
export async function readTarball(data: Buffer): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    const parser = new tar.Parser({ strict: true });
    parser.on('entry', (entry: tar.ReadEntry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        if (entry.type === 'File') found[entry.path] = Buffer.concat(chunks).toString('utf8');
        else if (entry.type === 'SymbolicLink') found[entry.path] = `-> ${entry.linkpath}`;
      });
    });
    parser.on('end', () => resolve());
    parser.on('error', reject);
    parser.end(data);
  });
  return found;
}
