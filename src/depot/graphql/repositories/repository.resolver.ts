import type { FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../../../graphql/shared/access';
import { encoded } from '../../../graphql/shared/encoded-id';
import { UploadScalar } from '../../../graphql/shared/scalars';
import type { DepotRequestContext } from '../../context/depot-context';
import type { CategoryView } from '../../services/categories/category-view';
import type { RepositoryView } from '../../services/repositories/repository-view';
import type { RevisionArchive } from '../../services/revisions/archive.service';
import type { UploadResult } from '../../services/revisions/changeset-upload.service';
import type { RevisionView } from '../../services/revisions/revision-view';
import { categoryById, type ChangesetView, changesetsByRepositoryId, depotUserById, revisionsByRepositoryId } from '../../services/shared/depot-loaders';
import type { DepotUserView } from '../../services/users/depot-user-view';
import { CategoryType } from '../categories/category.type';
import { ChangesetType, RevisionType } from '../revisions/revision.type';
import { DepotUserType } from '../users/depot-user.type';
import { ArchiveType, RepositoryInputType, RepositoryType, UploadResultType } from './repository.type';

@Resolver(() => RepositoryType)
export class RepositoryResolver {
  @Query(() => [RepositoryType], { description: 'Repositories that are not deprecated, by name; deleted ones instead with `deleted`.' })
  @Access('anonymous')
  repositories(
    @Ctx() ctx: DepotRequestContext,
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('owner', () => String, { nullable: true }) owner?: string,
    @Arg('name', () => String, { nullable: true }) name?: string,
  ): Promise<RepositoryView[]> {
    return ctx.services.repositories.list(ctx, { deleted: deleted ?? false, owner: owner ?? null, name: name ?? null });
  }

  @Query(() => RepositoryType)
  @Access('anonymous')
  repository(@Ctx() ctx: DepotRequestContext, @Arg('id', () => ID) id: string): Promise<RepositoryView> {
    return ctx.services.repositories.show(ctx, id);
  }

  @Mutation(() => RepositoryType, { description: 'A new repository owned by the caller.' })
  @Access('user')
  createRepository(@Ctx() ctx: DepotRequestContext, @Arg('input', () => RepositoryInputType) input: RepositoryInputType): Promise<RepositoryView> {
    return ctx.services.repositories.create(ctx, input);
  }

  @Mutation(() => UploadResultType, { description: "A tarball (.tar.gz) becomes the repository's next revision (owner only)." })
  @Access('owner')
  uploadChangeset(
    @Ctx() ctx: DepotRequestContext,
    @Arg('repositoryId', () => ID) repositoryId: string,
    @Arg('file', () => UploadScalar, { nullable: true }) file?: Promise<FileUpload> | null,
    @Arg('commitMessage', () => String, { nullable: true }) commitMessage?: string,
  ): Promise<UploadResult> {
    return ctx.services.uploads.upload(ctx, repositoryId, file, commitMessage);
  }

  @Mutation(() => ArchiveType, { description: "A revision's archive (counted as a download)." })
  @Access('anonymous')
  revisionArchive(
    @Ctx() ctx: DepotRequestContext,
    @Arg('owner', () => String) owner: string,
    @Arg('name', () => String) name: string,
    @Arg('changesetRevision', () => String) changesetRevision: string,
  ): Promise<RevisionArchive> {
    return ctx.services.archives.prepare(ctx, owner, name, changesetRevision);
  }

  @FieldResolver(() => ID)
  id(@Root() repository: RepositoryView, @Ctx() ctx: DepotRequestContext): string {
    return encoded(ctx, repository.id);
  }

  @FieldResolver(() => ID)
  userId(@Root() repository: RepositoryView, @Ctx() ctx: DepotRequestContext): string {
    return encoded(ctx, repository.userId);
  }

  @FieldResolver(() => DepotUserType, { nullable: true })
  user(@Root() repository: RepositoryView, @Ctx() ctx: DepotRequestContext): Promise<DepotUserView | null> {
    return ctx.loaders.get(depotUserById).load(repository.userId);
  }

  @FieldResolver(() => [ID], { description: 'Read with the repository (no further query).' })
  categoryIds(@Root() repository: RepositoryView, @Ctx() ctx: DepotRequestContext): string[] {
    return repository.categoryIds.map((id) => encoded(ctx, id));
  }

  @FieldResolver(() => [CategoryType])
  async categories(@Root() repository: RepositoryView, @Ctx() ctx: DepotRequestContext): Promise<CategoryView[]> {
    const found = await ctx.loaders.get(categoryById).loadMany(repository.categoryIds);
    return found.filter((category): category is CategoryView => category !== null && !(category instanceof Error));
  }

  @FieldResolver(() => [RevisionType], { description: 'Its repository revisions (metadata records; installable when downloadable), oldest first.' })
  revisions(@Root() repository: RepositoryView, @Ctx() ctx: DepotRequestContext): Promise<RevisionView[]> {
    return ctx.loaders.get(revisionsByRepositoryId).load(repository.id);
  }

  @FieldResolver(() => [ChangesetType], { description: 'Every revision (git commit), oldest first.' })
  changesets(@Root() repository: RepositoryView, @Ctx() ctx: DepotRequestContext): Promise<ChangesetView[]> {
    return ctx.loaders.get(changesetsByRepositoryId).load(repository.id);
  }
}
