import { rm } from 'node:fs/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DepotLayout } from '../../app/depot-layout';
import { AppError, errors } from '../../../errors/error-kinds';
import { decodeId, malformed } from '../../../services/shared';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { Category } from '../../entities/category.entity';
import { DepotUser } from '../../entities/depot-user.entity';
import { REPOSITORY_TYPES, type RepositoryType, Repository, RepositoryCategoryAssociation } from '../../entities/repository.entity';
import { GitRepository } from '../../vcs/git-repository';
import { repositoryNameProblem, takenNameProblem } from './repository-name';
import { listRepositories, readRepository, readRepositoryByName, type RepositoryFilter, type RepositoryView } from './repository-view';

export interface NewRepositoryInput {
  name?: string | null;
  /** The platform's `synopsis` (stored as the repository's `description`). */
  synopsis?: string | null;
  /** The platform's `description` (stored as `long_description`). */
  description?: string | null;
  type?: string | null;
  homepageUrl?: string | null;
  remoteRepositoryUrl?: string | null;
  categoryIds?: string[] | null;
}

export interface NewRepositoryFields {
  name: string;
  type: RepositoryType;
  userId: number;
  description: string;
  longDescription: string;
  homepageUrl?: string;
  remoteRepositoryUrl?: string;
  categories: Category[];
}

/** A repository row, its category links and its (empty) git repository, inside the caller's transaction. */
export async function insertRepository(em: EntityManager, layout: DepotLayout, fields: NewRepositoryFields): Promise<Repository> {
  const repository = em.create(Repository, {
    name: fields.name,
    type: fields.type,
    user: em.getReference(DepotUser, fields.userId),
    description: fields.description,
    longDescription: fields.longDescription,
    homepageUrl: fields.homepageUrl ?? '',
    remoteRepositoryUrl: fields.remoteRepositoryUrl ?? '',
  });
  await em.flush();
  for (const category of fields.categories) em.create(RepositoryCategoryAssociation, { repository, category });
  await em.flush();
  // A leftover directory of a repository whose creation was rolled back is not reused.
  await rm(layout.repositoryDir(repository.id), { recursive: true, force: true });
  await new GitRepository(layout.repositoryDir(repository.id)).init();
  return repository;
}

/** The platform's `{status, message}` answers. */
export interface StatusMessage {
  status: 'ok' | 'error';
  message: string;
}

/** Repositories: created by users (they own them), listed and shown to anyone. */
export class RepositoryService {
  /**
   * `add_repository_registry_entry` (administrators; others get an error answer, not an error
   * status). The registry the platform keeps in memory is the repository table itself here, so
   * the entry is the check that the repository exists.
   */
  async addRegistryEntry(ctx: DepotServiceContext, depotUrl: string | null | undefined, name: string | null | undefined, owner: string | null | undefined): Promise<StatusMessage> {
    ctx.caller.requireIdentity();
    if (!ctx.caller.isAdmin) return { status: 'error', message: "You are not authorized to add entries to this Tool Shed's repository registry." };
    if (!depotUrl) throw errors.missing("Missing required parameter 'depot_url'.");
    if (!name) throw errors.missing("Missing required parameter 'name'.");
    if (!owner) throw errors.missing("Missing required parameter 'owner'.");
    const repository = await readRepositoryByName(ctx, name, owner);
    if (!repository) return { status: 'error', message: `Cannot locate repository with name ${name} and owner ${owner},` };
    ctx.log.info({ name, owner }, 'repository registry entry added');
    return { status: 'ok', message: `Entries for repository ${name} owned by ${owner} have been added to the Tool Shed repository registry.` };
  }

  list(ctx: DepotServiceContext, filter: RepositoryFilter): Promise<RepositoryView[]> {
    return listRepositories(ctx, filter);
  }

  /** `GET /api/repositories/{id}`: the platform's messages for a bad or unknown id. */
  async show(ctx: DepotServiceContext, encodedId: string): Promise<RepositoryView> {
    const id = decodeId(ctx, encodedId, () => errors.malformedId('The given id is invalid.'));
    const repository = await readRepository(ctx, id);
    if (!repository) throw errors.notFound('Unable to locate repository for the given id.');
    return repository;
  }

  /**
   * A new repository owned by the caller, with its (empty) git repository. `name` and `synopsis`
   * are required; the name follows the platform's rules and is unique per owner.
   */
  async create(ctx: DepotServiceContext, input: NewRepositoryInput): Promise<RepositoryView> {
    const user = ctx.caller.requireUser();
    const name = (input.name ?? '').trim();
    if (!name) throw errors.missing("Missing required parameter 'name'.");
    const synopsis = (input.synopsis ?? '').trim();
    if (!synopsis) throw errors.missing("Missing required parameter 'synopsis'.");
    const type = (input.type ?? 'unrestricted') as RepositoryType;
    if (!REPOSITORY_TYPES.includes(type)) throw errors.invalid('This repository type is not valid');
    const nameProblem = repositoryNameProblem(name);
    if (nameProblem) throw errors.invalid(nameProblem);
    const categoryIds = [...new Set((input.categoryIds ?? []).map((id) => decodeId(ctx, id, malformed)))];

    return this.withNewRepository(ctx, async (em, created) => {
      const existing = await em.findOne(Repository, { name, user: user.id });
      if (existing) throw errors.invalid(takenNameProblem(name, existing.deleted));
      const categories = categoryIds.length ? await em.find(Category, { id: { $in: categoryIds } }) : [];
      const unknown = categoryIds.find((categoryId) => !categories.some((category) => category.id === categoryId));
      if (unknown !== undefined) throw errors.invalid(`Invalid category id ( ${ctx.services.ids.encode(unknown)} ) specified.`);
      const repository = await insertRepository(em, ctx.services.layout, {
        name,
        type,
        userId: user.id,
        description: synopsis,
        longDescription: (input.description ?? '').trim(),
        homepageUrl: (input.homepageUrl ?? '').trim(),
        remoteRepositoryUrl: (input.remoteRepositoryUrl ?? '').trim(),
        categories,
      });
      created(repository.id);
      return repository.id;
    });
  }

  /**
   * Runs `create` in a transaction; its git repository is removed if the transaction fails, so a
   * repository row and its git repository exist together or not at all. Answers the new repository.
   */
  async withNewRepository(ctx: DepotServiceContext, create: (em: EntityManager, created: (id: number) => void) => Promise<number>): Promise<RepositoryView> {
    const made: number[] = [];
    try {
      const id = await ctx.em.transactional((em) => create(em, (newId) => made.push(newId)));
      const repository = await readRepository(ctx, id);
      if (!repository) throw new AppError('InternalServerError');
      return repository;
    } catch (error) {
      for (const id of made) {
        if (!(await readRepository(ctx, id))) await rm(ctx.services.layout.repositoryDir(id), { recursive: true, force: true }).catch(() => undefined);
      }
      throw error;
    }
  }
}
