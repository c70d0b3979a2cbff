import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../../../graphql/shared/access';
import { encoded } from '../../../graphql/shared/encoded-id';
import { JSONObjectScalar } from '../../../graphql/shared/scalars';
import type { DepotRequestContext } from '../../context/depot-context';
import type { StatusMessage } from '../../services/repositories/repository.service';
import type { RepositoryView } from '../../services/repositories/repository-view';
import type { InstallInfoView } from '../../services/revisions/install-info.service';
import type { RevisionWithRepository } from '../../services/revisions/revision.service';
import type { RevisionView } from '../../services/revisions/revision-view';
import { metadataByRevisionId, repositoryById } from '../../services/shared/depot-loaders';
import { RepositoryType } from '../repositories/repository.type';
import { InstallInfoType, RevisionDependencyType, RevisionFilterInput, RevisionType, RevisionUpdateInput, StatusMessageType } from './revision.type';

@Resolver(() => RevisionType)
export class RevisionResolver {
  @Query(() => [RevisionType], { description: 'Repository revisions matching every given filter, by repository id descending.' })
  @Access('anonymous')
  repositoryRevisions(@Ctx() ctx: DepotRequestContext, @Arg('filter', () => RevisionFilterInput, { nullable: true }) filter?: RevisionFilterInput): Promise<RevisionView[]> {
    return ctx.services.revisions.list(ctx, { ...filter });
  }

  @Query(() => RevisionType, { nullable: true, description: 'Null when unknown.' })
  @Access('anonymous')
  repositoryRevision(@Ctx() ctx: DepotRequestContext, @Arg('id', () => ID) id: string): Promise<RevisionView | null> {
    return ctx.services.revisions.show(ctx, id);
  }

  @Query(() => [RevisionDependencyType], { description: 'The revisions a revision depends on, each with its repository.' })
  @Access('anonymous')
  repositoryRevisionDependencies(@Ctx() ctx: DepotRequestContext, @Arg('id', () => ID) id: string): Promise<RevisionWithRepository[]> {
    return ctx.services.revisions.dependencies(ctx, id);
  }

  @Query(() => [String], { description: 'Changesets of the installable revisions of a repository, oldest first.' })
  @Access('anonymous')
  orderedInstallableRevisions(
    @Ctx() ctx: DepotRequestContext,
    @Arg('name', () => String, { nullable: true }) name?: string,
    @Arg('owner', () => String, { nullable: true }) owner?: string,
  ): Promise<string[]> {
    return ctx.services.installInfo.orderedInstallableRevisions(ctx, name, owner);
  }

  @Query(() => InstallInfoType)
  @Access('anonymous')
  repositoryInstallInfo(
    @Ctx() ctx: DepotRequestContext,
    @Arg('name', () => String, { nullable: true }) name?: string,
    @Arg('owner', () => String, { nullable: true }) owner?: string,
    @Arg('changesetRevision', () => String, { nullable: true }) changesetRevision?: string,
  ): Promise<InstallInfoView> {
    return ctx.services.installInfo.installInfo(ctx, name, owner, changesetRevision);
  }

  @Mutation(() => RevisionType, { nullable: true, description: 'Sets the given columns and time_last_tested (now); null when unknown.' })
  @Access('user')
  updateRepositoryRevision(@Ctx() ctx: DepotRequestContext, @Arg('id', () => ID) id: string, @Arg('input', () => RevisionUpdateInput) input: RevisionUpdateInput): Promise<RevisionView | null> {
    return ctx.services.revisions.update(ctx, id, input);
  }

  @Mutation(() => StatusMessageType, { description: "Administrators; others get {status: 'error'}." })
  @Access('admin')
  addRepositoryRegistryEntry(
    @Ctx() ctx: DepotRequestContext,
    @Arg('depotUrl', () => String, { nullable: true }) depotUrl?: string,
    @Arg('name', () => String, { nullable: true }) name?: string,
    @Arg('owner', () => String, { nullable: true }) owner?: string,
  ): Promise<StatusMessage> {
    return ctx.services.repositories.addRegistryEntry(ctx, depotUrl, name, owner);
  }

  @FieldResolver(() => ID)
  id(@Root() revision: RevisionView, @Ctx() ctx: DepotRequestContext): string {
    return encoded(ctx, revision.id);
  }

  @FieldResolver(() => ID)
  repositoryId(@Root() revision: RevisionView, @Ctx() ctx: DepotRequestContext): string {
    return encoded(ctx, revision.repositoryId);
  }

  @FieldResolver(() => RepositoryType, { nullable: true })
  repository(@Root() revision: RevisionView, @Ctx() ctx: DepotRequestContext): Promise<RepositoryView | null> {
    return ctx.loaders.get(repositoryById).load(revision.repositoryId);
  }

  @FieldResolver(() => JSONObjectScalar, { description: 'Its tools, workflows, datatypes and dependencies (the platform\'s layout).' })
  metadata(@Root() revision: RevisionView, @Ctx() ctx: DepotRequestContext): Promise<Record<string, unknown>> {
    return ctx.loaders.get(metadataByRevisionId).load(revision.id);
  }
}

/** The install info's parts resolve from its one statement (no further query). */
@Resolver(() => InstallInfoType)
export class InstallInfoResolver {
  @FieldResolver(() => RepositoryType, { nullable: true })
  repository(@Root() info: InstallInfoView): RepositoryView | null {
    return info.repository;
  }

  @FieldResolver(() => RevisionType, { nullable: true })
  revision(@Root() info: InstallInfoView): RevisionView | null {
    return info.revision;
  }
}

@Resolver(() => RevisionDependencyType)
export class RevisionDependencyResolver {
  @FieldResolver(() => RevisionType)
  revision(@Root() dependency: RevisionWithRepository): RevisionView {
    return dependency.revision;
  }

  @FieldResolver(() => RepositoryType)
  repository(@Root() dependency: RevisionWithRepository): RepositoryView {
    return dependency.repository;
  }
}
