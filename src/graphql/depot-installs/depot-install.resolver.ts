import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { InstallOutcome, LatestRevisionOutcome } from '../../services/depot-installs';
import { toolsByInstalledRepositoryId } from '../../services/depot-installs';
import type { InstalledRepositoryView, InstalledToolView } from '../../services/depot-installs';
import type { ExportedWorkflowView } from '../../services/depot-installs';
import type { WorkflowView } from '../../services/workflows';
import type { ToolDefinition } from '../../tools';
import { Access } from '../shared/access';
import { Audited } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { ToolType } from '../tools/tool.type';
import { WorkflowType } from '../workflows/workflow.type';
import {
  DepotInstallOutcomeType,
  DepotParameterStyle,
  ExportedDepotWorkflowType,
  InstallDepotRevisionInput,
  InstallDepotRevisionsInput,
  InstalledDepotRepositoryType,
  InstalledDepotToolType,
  LatestInstallableRevisionType,
} from './depot-install.type';

const styleOf = (style: DepotParameterStyle | undefined) => style ?? DepotParameterStyle.DEPOT;

@Resolver(() => InstalledDepotRepositoryType)
export class InstalledDepotRepositoryResolver {
  @Query(() => [InstalledDepotRepositoryType], { description: 'Every installed repository record, by name.' })
  @Access('user')
  installedDepotRepositories(@Ctx() ctx: RequestContext): Promise<InstalledRepositoryView[]> {
    return ctx.services.depotInstalls.list(ctx);
  }

  @Query(() => InstalledDepotRepositoryType, { nullable: true, description: 'Null when the id names no record.' })
  @Access('user')
  installedDepotRepository(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<InstalledRepositoryView | null> {
    return ctx.services.depotInstalls.show(ctx, id);
  }

  @Query(() => [ExportedDepotWorkflowType], { description: 'The .ga workflows of an installed repository, by position.' })
  @Access('user')
  exportedDepotWorkflows(@Ctx() ctx: RequestContext, @Arg('repositoryId', () => ID) repositoryId: string): Promise<ExportedWorkflowView[]> {
    return ctx.services.depotWorkflows.exported(ctx, repositoryId);
  }

  @Query(() => LatestInstallableRevisionType, { description: "The last of an allowed depot's installable revisions of a repository (administrators)." })
  @Access('admin')
  latestInstallableDepotRevision(
    @Ctx() ctx: RequestContext,
    @Arg('depotUrl', () => String, { nullable: true }) depotUrl: string | null,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('owner', () => String, { nullable: true }) owner: string | null,
    @Arg('style', () => DepotParameterStyle, { nullable: true }) style?: DepotParameterStyle,
  ): Promise<LatestRevisionOutcome> {
    return ctx.services.depotInstalls.latestInstallableRevision(ctx, { style: styleOf(style), depotUrl, name, owner });
  }

  @Mutation(() => DepotInstallOutcomeType, { description: 'Installs a revision from an allowed depot (administrators); answers once the install ended.' })
  @Access('admin')
  @Audited('repository.install')
  installDepotRevision(@Ctx() ctx: RequestContext, @Arg('input', () => InstallDepotRevisionInput) input: InstallDepotRevisionInput): Promise<InstallOutcome> {
    return ctx.services.depotInstalls.install(ctx, { ...input, style: styleOf(input.style) });
  }

  @Mutation(() => DepotInstallOutcomeType, { description: 'Installs several revisions in order (administrators).' })
  @Access('admin')
  @Audited('repository.install')
  installDepotRevisions(@Ctx() ctx: RequestContext, @Arg('input', () => InstallDepotRevisionsInput) input: InstallDepotRevisionsInput): Promise<InstallOutcome> {
    return ctx.services.depotInstalls.installMany(ctx, { ...input, style: styleOf(input.style) });
  }

  @Mutation(() => WorkflowType, { nullable: true, description: "Imports one exported workflow into the caller's workflows; null when its import failed." })
  @Access('user')
  importDepotWorkflow(
    @Ctx() ctx: RequestContext,
    @Arg('repositoryId', () => ID, { nullable: true }) repositoryId: string | null,
    @Arg('index', () => String, { nullable: true }) index: string | null,
    @Arg('keyGiven', () => Boolean, { nullable: true, description: 'REST: whether the request carried `key` (the platform requires it).' }) keyGiven?: boolean,
  ): Promise<WorkflowView | null> {
    return ctx.services.depotWorkflows.importOne(ctx, { repositoryId, index, keyGiven: keyGiven ?? true });
  }

  @Mutation(() => [WorkflowType], { description: 'Imports every exported workflow of an installed repository, leaving out those whose import failed.' })
  @Access('user')
  importDepotWorkflows(
    @Ctx() ctx: RequestContext,
    @Arg('repositoryId', () => ID, { nullable: true }) repositoryId: string | null,
    @Arg('keyGiven', () => Boolean, { nullable: true, description: 'REST: whether the request carried `key`.' }) keyGiven?: boolean,
  ): Promise<WorkflowView[]> {
    return ctx.services.depotWorkflows.importAll(ctx, { repositoryId, keyGiven: keyGiven ?? true });
  }

  @FieldResolver(() => ID)
  id(@Root() repository: InstalledRepositoryView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, repository.id);
  }

  @FieldResolver(() => [InstalledDepotToolType], { description: 'Its tools (one statement for a whole listing).' })
  tools(@Root() repository: InstalledRepositoryView, @Ctx() ctx: RequestContext): Promise<InstalledToolView[]> {
    return ctx.loaders.get(toolsByInstalledRepositoryId).load(repository.id);
  }
}

@Resolver(() => InstalledDepotToolType)
export class InstalledDepotToolResolver {
  @FieldResolver(() => ToolType, { nullable: true, description: 'The tool as this process runs it (null if its XML failed to load here).' })
  tool(@Root() installed: InstalledToolView, @Ctx() ctx: RequestContext): ToolDefinition | null {
    return ctx.services.tools.registry.get(installed.guid) ?? null;
  }
}
