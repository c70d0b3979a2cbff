import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { sql } from '../../../db/sql/sql-statement';
import { errors } from '../../../errors/error-kinds';
import { writeAtomically } from '../../../storage/atomic-write';
import type { DepotServiceContext } from '../../context/depot-service-context';
import type { RepositoryDependencyTuple } from '../../metadata/metadata-types';
import { GitRepository } from '../../vcs/git-repository';
import { readRepositoryByName, type RepositoryView } from '../repositories/repository-view';
import { CHOSEN_RECORD, resolveDependencies } from '../revisions/dependency-records';
import { depotUrlOf, hostOf } from '../shared/depot-url';
import { categoryById } from '../shared/depot-loaders';
import { exportInfoXml, type ManifestRepository, manifestXml } from './capsule-format';
import { capsuleDirectory, capsulePathOf, capsuleToken, defaultCapsuleDirectory, insideCapsuleDirs, isCapsuleRoot } from './capsule-paths';

export interface CapsuleExportInput {
  depotUrl?: string | null;
  name?: string | null;
  owner?: string | null;
  changesetRevision?: string | null;
  exportRepositoryDependencies?: boolean | null;
  downloadDir?: string | null;
}

/** What an export answers: the platform's `{download_url, error_messages}`, the capsule's path, or why nothing was exported. */
export interface CapsuleExportResult {
  error: string | null;
  downloadUrl: string | null;
  errorMessages: string;
  capsuleFileName: string | null;
}

interface Exported {
  repository: RepositoryView;
  changesetRevision: string;
}

/** Caller text in a message: at most 255 characters (a name or an owner is never longer). */
const clipped = (text: string) => (text.length > 255 ? `${text.slice(0, 255)}…` : text);

/** A repository's revision for a changeset (its own record or the next downloadable one), with its dependencies. */
const CHOSEN = sql<{ changesetRevision: string; dependencies: { repository_dependencies?: RepositoryDependencyTuple[] } | null }>(
  'depot_capsule_revision',
  `select m.changeset_revision as "changesetRevision", m.metadata->'repository_dependencies' as dependencies
     from depot.repository r, lateral (${CHOSEN_RECORD('r', '$2')}) m where r.id = $1`,
);

const COMMIT_OF = sql<{ commit_hash: string }>('depot_commit_of', 'select commit_hash from depot.changeset where repository_id = $1 and changeset_revision = $2');

/**
 * `POST /api/repository_revisions/export`: a capsule of a revision (and, when asked, of every
 * repository it depends on, dependencies first), written atomically under download_dir.
 */
export class CapsuleExportService {
  async export(ctx: DepotServiceContext, input: CapsuleExportInput): Promise<CapsuleExportResult> {
    for (const [value, parameter] of [[input.depotUrl, 'depot_url'], [input.name, 'name'], [input.owner, 'owner'], [input.changesetRevision, 'changeset_revision']] as const) {
      if (!value) throw errors.missing(`Missing required parameter '${parameter}'.`);
    }
    const name = input.name as string;
    const owner = input.owner as string;
    const changeset = input.changesetRevision as string;
    // It names the capsule's file: hex digits only.
    if (!/^[0-9a-f]{1,40}$/i.test(changeset)) throw errors.invalid(`Invalid changeset_revision ( ${clipped(changeset)} ) specified.`);
    const { capsuleDirs } = ctx.services.config;
    const dir = capsuleDirectory(capsuleDirs, input.downloadDir || defaultCapsuleDirectory(capsuleDirs));
    const repository = await readRepositoryByName(ctx, name, owner);
    if (!repository) return { error: `Cannot locate repository with name ${clipped(name)} and owner ${clipped(owner)},`, downloadUrl: null, errorMessages: '', capsuleFileName: null };

    const withDependencies = input.exportRepositoryDependencies === true;
    const exported = await this.components(ctx, repository, changeset, withDependencies);
    const depotUrl = depotUrlOf(ctx);
    const path = join(dir, capsuleFileName(withDependencies, hostOf(depotUrl), repository.name, repository.owner, changeset));
    await this.prepareDirectory(ctx, dir);
    await this.writeCapsule(ctx, path, exported, { exportTime: new Date(), depotUrl, name, owner, changesetRevision: changeset, exportRepositoryDependencies: withDependencies });
    return {
      error: null,
      downloadUrl: `${depotUrl}/repository/export_via_api?encoded_repositories_archive_name=${capsuleToken(ctx.services.config.idSecret, path)}`,
      errorMessages: '',
      capsuleFileName: path,
    };
  }

  /**
   * An existing directory is used as it is. One that does not exist yet is created only when the
   * operator named it (a capsule directory itself) or an administrator asks: an export is open to
   * anyone, and anyone may not make directories on the depot's server.
   */
  private async prepareDirectory(ctx: DepotServiceContext, dir: string): Promise<void> {
    const found = await stat(dir).catch(() => null);
    if (found) {
      if (!found.isDirectory()) throw errors.invalid('download_dir is not a directory.');
      return;
    }
    if (!isCapsuleRoot(ctx.services.config.capsuleDirs, dir) && !ctx.caller.isAdmin) {
      throw errors.invalid('download_dir does not exist: name an existing directory (only administrators may have the depot create one).');
    }
    await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw errors.invalid(`download_dir cannot be created (${error.code ?? 'error'}).`);
    });
  }

  /** The repositories to export, each once, every dependency before the repositories that need it. */
  private async components(ctx: DepotServiceContext, root: RepositoryView, changeset: string, withDependencies: boolean): Promise<Exported[]> {
    const chosen = await ctx.one(CHOSEN, [root.id, changeset]);
    if (!chosen) return [];
    const ordered: Exported[] = [];
    const placed = new Set<number>();
    const visiting = new Set<number>();
    const visit = async (repository: RepositoryView, changesetRevision: string, tuples: RepositoryDependencyTuple[]) => {
      if (placed.has(repository.id) || visiting.has(repository.id)) return;
      visiting.add(repository.id);
      if (withDependencies) {
        // Packages needed only to compile another one are exported too (an import must have them).
        for (const dependency of await resolveDependencies(ctx, tuples)) {
          await visit(dependency.repository, dependency.revision.changesetRevision, dependency.dependencies?.repository_dependencies ?? []);
        }
      }
      placed.add(repository.id);
      ordered.push({ repository, changesetRevision });
    };
    await visit(root, chosen.changesetRevision, chosen.dependencies?.repository_dependencies ?? []);
    return ordered;
  }

  private async writeCapsule(ctx: DepotServiceContext, path: string, exported: Exported[], info: Parameters<typeof exportInfoXml>[0]): Promise<void> {
    const { layout } = ctx.services;
    const scratch = join(layout.tmp, `capsule-${randomBytes(8).toString('hex')}`);
    await mkdir(scratch, { recursive: true });
    try {
      const manifest: ManifestRepository[] = [];
      for (const { repository, changesetRevision } of exported) {
        const git = new GitRepository(layout.repositoryDir(repository.id));
        const commit = await ctx.one(COMMIT_OF, [repository.id, changesetRevision]);
        if (!commit) throw errors.notFound(`Unable to locate changeset revision ${changesetRevision} of repository ${repository.name}.`);
        const archive = `${repository.name}-${changesetRevision}.tar.gz`;
        const bundle = `${repository.name}-${changesetRevision}.bundle`;
        await pipeline(git.archive(commit.commit_hash, ''), createWriteStream(join(scratch, archive)));
        await git.bundle(commit.commit_hash, join(scratch, bundle));
        const categories = await ctx.loaders.get(categoryById).loadMany(repository.categoryIds);
        manifest.push({
          name: repository.name,
          owner: repository.owner,
          type: repository.type,
          archive,
          bundle,
          changesetRevision,
          description: repository.description,
          longDescription: repository.longDescription,
          categories: categories.flatMap((category) => (category && !(category instanceof Error) ? [category.name] : [])),
        });
      }
      await writeFile(join(scratch, 'export_info.xml'), exportInfoXml(info));
      await writeFile(join(scratch, 'manifest.xml'), manifestXml(manifest));
      const members = ['export_info.xml', 'manifest.xml', ...manifest.flatMap((entry) => [entry.archive, ...(entry.bundle ? [entry.bundle] : [])])];
      await writeAtomically(path, (temp) => tar.c({ gzip: true, file: temp, cwd: scratch, portable: true }, members));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}

/**
 * The platform's capsule file name, `capsule[_with_dependencies]_<host, ':' as _colon_>_<name>_<owner>_<changeset>.tar.gz`.
 * The host is the request's when DEPOT_URL is unset: anything but letters, digits, '.', '-' and '_'
 * becomes '_' (a Host header must not put a '/' or '..' in a path). The name stays a file name (255
 * bytes; every part is ASCII): the host is cut first, then the owner.
 */
export function capsuleFileName(withDependencies: boolean, host: string, name: string, owner: string, changeset: string): string {
  const prefix = withDependencies ? 'capsule_with_dependencies' : 'capsule';
  const safeHost = host.replace(/:/g, '_colon_').replace(/[^A-Za-z0-9._-]/g, '_');
  const room = 255 - `${prefix}____${name}${changeset}.tar.gz`.length;
  const ownerPart = owner.slice(0, Math.max(0, room));
  const hostPart = safeHost.slice(0, Math.max(0, room - ownerPart.length));
  return `${prefix}_${hostPart}_${name}_${ownerPart}_${changeset}.tar.gz`;
}

/** `GET /repository/export_via_api?encoded_repositories_archive_name=…`: a capsule this depot exported. */
export async function capsuleDownload(ctx: DepotServiceContext, token: string | null | undefined): Promise<{ path: string; fileName: string }> {
  const path = token ? capsulePathOf(ctx.services.config.idSecret, token) : null;
  if (!path || !insideCapsuleDirs(ctx.services.config.capsuleDirs, path)) throw errors.notFound('No such capsule.');
  const file = await stat(path).catch(() => null);
  if (!file?.isFile()) throw errors.notFound('No such capsule.');
  return { path, fileName: basename(path) };
}
