import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { extractArchive } from '../../histories-archive/safe-extract';
import type { Logger } from '../../logging/logger';
import { depotClient, depotEndpoint } from './depot-client';

/** What places a revision on disk: its depot, owner, name and changeset. */
export interface RevisionOnDisk {
  id: number;
  toolShed: string;
  owner: string;
  name: string;
  installedChangesetRevision: string;
}

/** Scratch of an install: `.incoming/<record id>-<random>` (an archive and its unpacked tree). */
const INCOMING = '.incoming';
/** Scratch this old belongs to no install in flight (a retried install clears its own at once). */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** Members of one repository revision, at most (a repository is tools and workflows, not data). */
const MAX_MEMBERS = 100_000;

/**
 * Where installed revisions live under DEPOT_TOOL_DIR, as the platform lays out its shed tools:
 * `<depot host[:port]>/repos/<owner>/<name>/<changeset>/<name>/` holds the revision's files.
 */
export class InstallLayout {
  constructor(readonly root: string) {}

  /** The revision's directory, relative to the root. */
  revisionDir(revision: RevisionOnDisk): string {
    return join(revision.toolShed, 'repos', revision.owner, revision.name, revision.installedChangesetRevision);
  }

  /** The repository's files, relative to the root. */
  repositoryDir(revision: RevisionOnDisk): string {
    return join(this.revisionDir(revision), revision.name);
  }

  absolute(relative: string): string {
    return join(this.root, relative);
  }

  get incoming(): string {
    return join(this.root, INCOMING);
  }
}

/**
 * Downloads the revision's archive from the depot and unpacks it safely (no absolute paths, `..`
 * or links leaving it; at most `maxBytes`) into scratch, then moves the tree into place with one
 * rename: the repository's directory holds a whole revision or nothing. What an earlier attempt
 * left is removed first. Answers the repository's absolute directory.
 */
export async function placeRevisionFiles(layout: InstallLayout, depotBase: string, revision: RevisionOnDisk, maxBytes: number): Promise<string> {
  await clearScratchOf(layout, revision.id);
  await removeRevisionFiles(layout, revision);
  const scratch = join(layout.incoming, `${revision.id}-${randomBytes(6).toString('hex')}`);
  const archive = `${scratch}.tar.gz`;
  const unpacked = join(scratch, 'tree');
  try {
    await mkdir(scratch, { recursive: true });
    const url = depotEndpoint(depotBase, `repos/${encodeURIComponent(revision.owner)}/${encodeURIComponent(revision.name)}/archive/${revision.installedChangesetRevision}.tar.gz`);
    await depotClient.download(url, archive, maxBytes);
    await extractArchive(archive, unpacked, { maxTotalBytes: maxBytes, maxMembers: MAX_MEMBERS, links: 'inside' });
    // The depot's archives hold one directory, `<name>-<changeset>/`; its content is the repository.
    const top = await readdir(unpacked, { withFileTypes: true });
    const tree = top.length === 1 && top[0]!.isDirectory() ? join(unpacked, top[0]!.name) : unpacked;
    const target = layout.absolute(layout.repositoryDir(revision));
    await mkdir(dirname(target), { recursive: true });
    await rename(tree, target);
    return target;
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(archive, { force: true });
  }
}

/** Removes an installed (or half-installed) revision's files. */
export async function removeRevisionFiles(layout: InstallLayout, revision: RevisionOnDisk): Promise<void> {
  await rm(layout.absolute(layout.revisionDir(revision)), { recursive: true, force: true });
}

async function clearScratchOf(layout: InstallLayout, recordId: number): Promise<void> {
  for (const name of await readdir(layout.incoming).catch(() => [] as string[])) {
    if (name.startsWith(`${recordId}-`)) await rm(join(layout.incoming, name), { recursive: true, force: true });
  }
}

/** At start: install scratch a day old (left by a stopped process whose install never ran again). */
export async function sweepInstallScratch(layout: InstallLayout, log: Logger, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(layout.incoming).catch(() => [] as string[])) {
    const path = join(layout.incoming, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > ORPHAN_AGE_MS) {
      await rm(path, { recursive: true, force: true });
      removed += 1;
    }
  }
  if (removed > 0) log.info({ removed }, 'depot install scratch left by a stopped process removed');
  return removed;
}
