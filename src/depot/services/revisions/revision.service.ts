import { stringAsBool } from '../../../format/booleans';
import { errors } from '../../../errors/error-kinds';
import { decodeId } from '../../../services/shared';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { RepositoryMetadata } from '../../entities/repository-metadata.entity';
import type { RepositoryDependencyTuple } from '../../metadata/metadata-types';
import type { RepositoryView } from '../repositories/repository-view';
import { resolveDependencies } from './dependency-records';
import { listRevisions, readRevision, readRevisionMetadata, type RevisionFilter, type RevisionView } from './revision-view';

/** A dependency's revision with its repository (the shim merges them as the platform does). */
export interface RevisionWithRepository {
  revision: RevisionView;
  repository: RepositoryView;
}

/** The columns `PUT /api/repository_revisions/{id}` may set, and who may set them. */
const TEST_FRAMEWORK_COLUMNS = ['doNotTest', 'missingTestComponents', 'testInstallError', 'toolsFunctionallyCorrect', 'skipToolTest'] as const;

export interface RevisionUpdateInput {
  downloadable?: unknown;
  malicious?: unknown;
  doNotTest?: unknown;
  missingTestComponents?: unknown;
  testInstallError?: unknown;
  toolsFunctionallyCorrect?: unknown;
  skipToolTest?: unknown;
  toolTestResults?: unknown;
}

const flag = (value: unknown): boolean => (typeof value === 'boolean' ? value : stringAsBool(value, false));

/**
 * Repository revisions (the platform's RepositoryMetadata records): listed and shown to anyone;
 * the test framework's columns set by authenticated callers, `downloadable` by the repository's
 * owner or an administrator, `malicious` by administrators.
 */
export class RevisionService {
  list(ctx: DepotServiceContext, filter: RevisionFilter): Promise<RevisionView[]> {
    return listRevisions(ctx, filter);
  }

  /** Null when unknown (the platform answers an empty object). */
  async show(ctx: DepotServiceContext, encodedId: string): Promise<RevisionView | null> {
    return readRevision(ctx, decodeId(ctx, encodedId));
  }

  async metadata(ctx: DepotServiceContext, id: number): Promise<Record<string, unknown>> {
    return (await readRevisionMetadata(ctx, [id]))[0]?.metadata ?? {};
  }

  /** The revisions this one depends on (their own changeset or the next downloadable one), each with its repository. */
  async dependencies(ctx: DepotServiceContext, encodedId: string): Promise<RevisionWithRepository[]> {
    const id = decodeId(ctx, encodedId);
    const [row] = await readRevisionMetadata(ctx, [id]);
    const tuples = ((row?.metadata?.repository_dependencies as { repository_dependencies?: RepositoryDependencyTuple[] } | undefined)?.repository_dependencies ?? []);
    return (await resolveDependencies(ctx, tuples)).map(({ revision, repository }) => ({ revision, repository }));
  }

  /**
   * Sets the given columns; `time_last_tested` becomes now (UTC) whatever was sent. Null when the
   * revision is unknown (the platform answers an empty object).
   */
  async update(ctx: DepotServiceContext, encodedId: string, input: RevisionUpdateInput): Promise<RevisionView | null> {
    ctx.caller.requireIdentity();
    const id = decodeId(ctx, encodedId);
    const record = await ctx.em.findOne(RepositoryMetadata, { id }, { populate: ['repository'] });
    if (!record) return null;
    const changes: Partial<RepositoryMetadata> = {};
    for (const column of TEST_FRAMEWORK_COLUMNS) if (input[column] !== undefined && input[column] !== null) changes[column] = flag(input[column]);
    if (input.toolTestResults !== undefined) changes.toolTestResults = toObject(input.toolTestResults);
    if (input.downloadable !== undefined && input.downloadable !== null) {
      if (!ctx.caller.isAdmin && record.repository.user.id !== ctx.caller.userId) {
        throw errors.insufficientPermissions('Only the owner of the repository or an administrator may change whether a revision is downloadable.');
      }
      changes.downloadable = flag(input.downloadable);
    }
    if (input.malicious !== undefined && input.malicious !== null) {
      if (!ctx.caller.isAdmin) throw errors.insufficientPermissions('Only administrators may mark a revision malicious.');
      changes.malicious = flag(input.malicious);
    }
    ctx.em.assign(record, { ...changes, timeLastTested: new Date() });
    await ctx.em.flush();
    return readRevision(ctx, id);
  }
}

function toObject(value: unknown): Record<string, unknown> | null {
  if (value === null) return null;
  if (typeof value === 'string') {
    try {
      return toObject(JSON.parse(value) as unknown);
    } catch {
      throw errors.invalid('tool_test_results must be a JSON object.');
    }
  }
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw errors.invalid('tool_test_results must be a JSON object.');
}
