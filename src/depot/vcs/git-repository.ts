import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { runGit, streamGit } from './git-command';

/** The one branch a depot repository has. */
const BRANCH = 'refs/heads/main';
const ZERO = '0'.repeat(40);

export interface Author {
  name: string;
  email: string;
}

/** A file of a revision's tree: its path, mode and blob. */
export interface TreeEntry {
  path: string;
  mode: string;
  blob: string;
  size: number;
}

/** Git's mode of a symbolic link. */
export const SYMLINK_MODE = '120000';

/**
 * The bare git repository behind one depot repository: revisions are its commits on one branch,
 * oldest first. Only plumbing commands (no working copy): a commit is built from a directory
 * with a private index, and the branch moves by compare-and-swap.
 */
export class GitRepository {
  constructor(readonly dir: string) {}

  private git(args: string[], env: Record<string, string> = {}, okCodes: number[] = []) {
    return runGit(args, { env: { GIT_DIR: this.dir, ...env }, okCodes });
  }

  async init(): Promise<void> {
    await mkdir(dirname(this.dir), { recursive: true });
    await runGit(['init', '--quiet', '--bare', '--initial-branch=main', this.dir]);
    // Objects are written once and read many times; keep git from packing in the request path.
    await this.git(['config', 'gc.auto', '0']);
  }

  /** The commit the branch points at, or null before the first revision. */
  async head(): Promise<string | null> {
    const { stdout, code } = await this.git(['rev-parse', '--verify', '-q', `${BRANCH}^{commit}`], {}, [1]);
    return code === 0 ? stdout.toString('utf8').trim() : null;
  }

  async treeOf(commit: string): Promise<string> {
    return (await this.git(['rev-parse', '--verify', `${commit}^{tree}`])).stdout.toString('utf8').trim();
  }

  /**
   * Records the content of `workTree` (every file, ignore rules included) as a tree object, with
   * an index file of the caller's (a scratch path) so concurrent writers never share one.
   */
  async writeTree(workTree: string, indexFile: string): Promise<string> {
    const env = { GIT_DIR: this.dir, GIT_WORK_TREE: workTree, GIT_INDEX_FILE: indexFile };
    await runGit(['add', '--all', '--force', '--', '.'], { env, cwd: workTree });
    return (await runGit(['write-tree'], { env, cwd: workTree })).stdout.toString('utf8').trim();
  }

  /** A commit object for a tree (not yet on the branch). */
  async commitTree(tree: string, parent: string | null, message: string, author: Author, date = new Date()): Promise<string> {
    const when = `${Math.floor(date.getTime() / 1000)} +0000`;
    const env = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_AUTHOR_DATE: when,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
      GIT_COMMITTER_DATE: when,
    };
    const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'];
    return (await runGit(args, { env: { GIT_DIR: this.dir, ...env }, input: message || '(no message)' })).stdout.toString('utf8').trim();
  }

  /** Moves the branch from `expected` (null: no branch yet) to `commit`; fails if it moved meanwhile. */
  async moveBranch(commit: string, expected: string | null): Promise<void> {
    await this.git(['update-ref', BRANCH, commit, expected ?? ZERO]);
  }

  /** Removes the branch if it still points at `expected` (undoing a first revision). */
  async deleteBranch(expected: string): Promise<void> {
    await this.git(['update-ref', '-d', BRANCH, expected]);
  }

  /** Every commit of the branch, oldest first. */
  async log(): Promise<Array<{ commit: string; message: string; date: Date }>> {
    if ((await this.head()) === null) return [];
    const { stdout } = await this.git(['log', '--reverse', '--format=%H%x00%ct%x00%B%x1e', BRANCH]);
    return stdout
      .toString('utf8')
      .split('\x1e')
      .map((record) => record.replace(/^\n/, ''))
      .filter((record) => record.length > 0)
      .map((record) => {
        const [commit, seconds, message] = record.split('\x00');
        return { commit, date: new Date(Number(seconds) * 1000), message: (message ?? '').replace(/\n+$/, '') };
      });
  }

  /** The files of a revision (blobs and links; no directories), with their sizes. */
  async files(commit: string): Promise<TreeEntry[]> {
    const { stdout } = await this.git(['ls-tree', '-r', '-l', '-z', commit]);
    return stdout
      .toString('utf8')
      .split('\0')
      .filter((line) => line.length > 0)
      .map((line) => {
        const tab = line.indexOf('\t');
        const [mode, type, blob, size] = line.slice(0, tab).split(/\s+/);
        return { path: line.slice(tab + 1), mode, blob, size: type === 'blob' ? Number(size) : 0 };
      })
      .filter((entry) => entry.blob !== undefined);
  }

  /** The content of a blob. */
  async blob(blob: string): Promise<Buffer> {
    return (await this.git(['cat-file', 'blob', blob])).stdout;
  }

  /** A gzip-compressed tar of a revision, its members under `prefix` (streamed as git writes it). */
  archive(commit: string, prefix: string): Readable {
    return streamGit(['-c', 'tar.umask=0022', 'archive', '--format=tar.gz', `--prefix=${prefix}`, commit], { env: { GIT_DIR: this.dir } });
  }

  /** Writes the branch's history up to `commit` as a bundle file (a capsule keeps the revisions). */
  async bundle(commit: string, file: string): Promise<void> {
    // A bundle names refs: a temporary one at the exported commit (one per export: exports may run at once).
    const ref = `refs/depot-export/${randomBytes(6).toString('hex')}`;
    await this.git(['update-ref', ref, commit]);
    try {
      await this.git(['bundle', 'create', '--quiet', file, ref]);
    } finally {
      await this.git(['update-ref', '-d', ref]).catch(() => undefined);
    }
  }

  /** Fetches a bundle's commits (objects only) and answers its head commit; the branch does not move. */
  async fetchBundle(file: string): Promise<string> {
    await this.git(['bundle', 'verify', '--quiet', file]);
    const { stdout } = await this.git(['bundle', 'list-heads', file]);
    const [head] = stdout.toString('utf8').trim().split(/\s+/);
    if (!/^[0-9a-f]{40}$/.test(head ?? '')) throw new Error('the bundle names no commit');
    const ref = `refs/depot-import/${randomBytes(6).toString('hex')}`;
    await this.git(['fetch', '--quiet', '--no-tags', file, `+${head}:${ref}`]);
    await this.git(['update-ref', '-d', ref]).catch(() => undefined);
    return head;
  }

  /** The commits leading to `commit`, oldest first (first-parent line). */
  async lineOf(commit: string): Promise<Array<{ commit: string; message: string; date: Date; authorName: string; authorEmail: string }>> {
    const { stdout } = await this.git(['log', '--first-parent', '--reverse', '--format=%H%x00%ct%x00%an%x00%ae%x00%B%x1e', commit]);
    return stdout
      .toString('utf8')
      .split('\x1e')
      .map((record) => record.replace(/^\n/, ''))
      .filter((record) => record.length > 0)
      .map((record) => {
        const [hash, seconds, authorName, authorEmail, message] = record.split('\x00');
        return { commit: hash, date: new Date(Number(seconds) * 1000), authorName, authorEmail, message: (message ?? '').replace(/\n+$/, '') };
      });
  }
}
