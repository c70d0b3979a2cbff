import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { ResolverInstances, useDirectResolvers } from './shared/direct-resolvers';
import { TOOL_INPUT_TYPES } from './tools/tool-inputs.type';
import { DatasetCollectionResolver, HistoryCollectionResolver } from './collections/collection.resolver';
import { HistoryItemChangedResolver } from './collections/history-item-changed.resolver';
import { HistoryItemsBatchesResolver } from './collections/history-items-batches.resolver';
import { HistoryItemsPageResolver } from './collections/history-items-page.resolver';
import { HistorySelectionResolver } from './history-selection/history-selection.resolver';
import { HistoriesPageResolver } from './histories/histories-page.resolver';
import { JobsPageResolver } from './jobs/jobs-page.resolver';
import { HistoryItemsResolver, useSyncItemTypeResolver } from './collections/history-items.resolver';
import { DatatypeResolver } from './datatypes/datatype.resolver';
import { ToolReloadResolver } from './tools/tool-reload.resolver';
import { WorkflowEditorResolver } from './workflow-editor/workflow-editor.resolver';
import { HistoryContentResolver } from './datasets/history-content.resolver';
import { DatasetPermissionsResolver } from './datasets/dataset-permissions.resolver';
import { DatasetContentsResolver } from './datasets/dataset-contents.resolver';
import { DatasetChartResolver } from './datasets/dataset-chart.resolver';
import { GroupResolver } from './groups/group.resolver';
import { HistoryExportResolver } from './histories/history-export.resolver';
import { HistoryImportResolver } from './histories/history-import.resolver';
import { LibraryHistoryTransferResolver } from './libraries/library-history-transfer.resolver';
import { HistoryResolver } from './histories/history.resolver';
import { SharedListsResolver } from './sharing/shared-lists.resolver';
import { SharingResolver } from './sharing/sharing.resolver';
import { SlugAddressResolver } from './sharing/slug-address.resolver';
import { JobFilesResolver } from './jobs/job-files.resolver';
import { ProvenanceResolver } from './jobs/provenance.resolver';
import { JobDatasetResolver, JobResolver } from './jobs/job.resolver';
import { JobDetailsResolver } from './jobs/job-details.resolver';
import { JobsBatchesResolver } from './jobs/jobs-batches.resolver';
import { HistoriesBatchesResolver } from './histories/histories-batches.resolver';
import { FolderResolver, LibraryDatasetResolver } from './libraries/folder.resolver';
import { LibraryBatchesResolver } from './libraries/library-batches.resolver';
import { LibraryPagesResolver } from './libraries/library-pages.resolver';
import { LibraryDatasetChangesResolver } from './libraries/library-dataset-changes.resolver';
import { LibraryDatasetVersionResolver } from './libraries/library-dataset-version.resolver';
import { LibraryResolver } from './libraries/library.resolver';
import { LibraryLegacyResolver } from './libraries/library-legacy.resolver';
import { CreatedLibraryItemResolver } from './libraries/created-library-item.resolver';
import { RemoteJobResolver } from './remote-runners/remote-job.resolver';
import { ToolResolver } from './tools/tool.resolver';
import { InstalledDepotRepositoryResolver, InstalledDepotToolResolver } from './depot-installs/depot-install.resolver';
import { DepotBrowseResolver } from './depot-installs/depot-browse.resolver';
import { InstalledRepositoryAdminResolver } from './depot-installs/repository-admin.resolver';
import { GenomeBuildsResolver } from './tool-data/genome-builds.resolver';
import { ToolDataFieldResolver, ToolDataTableResolver } from './tool-data/tool-data.resolver';
import { QuotaResolver } from './quotas/quota.resolver';
import { RoleResolver } from './roles/role.resolver';
import { UserResolver } from './users/user.resolver';
import { ViewerResolver } from './viewer/viewer.resolver';
import { ConfigurationResolver } from './platform/configuration.resolver';
import { PageResolver, PageRevisionResolver } from './pages/page.resolver';
import { PageEmbedResolver, PageEmbedsResolver } from './pages/page-embed.resolver';
import { VisualizationResolver } from './visualizations/visualization.resolver';
import { FormDefinitionResolver } from './sample-tracking/form.resolver';
import { ExternalServiceResolver, RequestTypeResolver, SampleStateResolver } from './sample-tracking/request-type.resolver';
import { RequestEventResolver, SampleTrackingUpdateResolver, SequencingRequestResolver } from './sample-tracking/request.resolver';
import { SampleDatasetResolver, SampleEventResolver, SampleResolver, SampleTrackingUpdateSampleResolver } from './sample-tracking/sample.resolver';
import { WorkflowResolver, WorkflowStepResolver, WorkflowVersionResolver } from './workflows/workflow.resolver';
import { WorkflowManageResolver } from './workflows/workflow-manage.resolver';
import { InvocationInputResolver, InvocationOutputResolver, InvocationResolver, InvocationStepResolver } from './workflows/invocation.resolver';
import { InvocationChangedResolver } from './workflows/invocation-changed.resolver';
import { WorkflowRunFormResolver, WorkflowRunStepResolver } from './workflow-run/workflow-run.resolver';
import { AdminAuditLogResolver } from './audit-log/audit-log.resolver';
import { AdminUsersResolver } from './admin-users/admin-users.resolver';
import { JobAdminResolver } from './job-admin/job-admin.resolver';
import { JobCountsChangedResolver } from './job-admin/job-counts-changed.resolver';
import { ServerStatusResolver } from './server-status/server-status.resolver';

export const RESOLVERS = [
  ViewerResolver,
  ConfigurationResolver,
  PageResolver,
  PageEmbedsResolver,
  PageEmbedResolver,
  PageRevisionResolver,
  VisualizationResolver,
  WorkflowResolver,
  WorkflowStepResolver,
  WorkflowVersionResolver,
  WorkflowManageResolver,
  InvocationResolver,
  InvocationInputResolver,
  InvocationStepResolver,
  InvocationOutputResolver,
  InvocationChangedResolver,
  WorkflowRunFormResolver,
  WorkflowRunStepResolver,
  UserResolver,
  AdminAuditLogResolver,
  AdminUsersResolver,
  JobAdminResolver,
  JobCountsChangedResolver,
  ServerStatusResolver,
  RoleResolver,
  GroupResolver,
  QuotaResolver,
  HistoryResolver,
  HistoryExportResolver,
  HistoryImportResolver,
  LibraryHistoryTransferResolver,
  SharingResolver,
  SlugAddressResolver,
  SharedListsResolver,
  HistoryContentResolver,
  DatasetPermissionsResolver,
  DatasetContentsResolver,
  DatasetChartResolver,
  HistoryCollectionResolver,
  DatasetCollectionResolver,
  HistoryItemsResolver,
  HistoryItemsPageResolver,
  HistorySelectionResolver,
  HistoriesPageResolver,
  HistoriesBatchesResolver,
  JobsPageResolver,
  HistoryItemsBatchesResolver,
  HistoryItemChangedResolver,
  JobResolver,
  JobsBatchesResolver,
  JobDatasetResolver,
  JobDetailsResolver,
  JobFilesResolver,
  ProvenanceResolver,
  ToolResolver,
  ToolReloadResolver,
  RemoteJobResolver,
  DatatypeResolver,
  WorkflowEditorResolver,
  ToolDataTableResolver,
  GenomeBuildsResolver,
  ToolDataFieldResolver,
  LibraryResolver,
  LibraryLegacyResolver,
  CreatedLibraryItemResolver,
  FolderResolver,
  LibraryPagesResolver,
  LibraryBatchesResolver,
  LibraryDatasetResolver,
  LibraryDatasetChangesResolver,
  LibraryDatasetVersionResolver,
  FormDefinitionResolver,
  RequestTypeResolver,
  SampleStateResolver,
  ExternalServiceResolver,
  SequencingRequestResolver,
  RequestEventResolver,
  SampleTrackingUpdateResolver,
  SampleResolver,
  SampleEventResolver,
  SampleDatasetResolver,
  SampleTrackingUpdateSampleResolver,
  InstalledDepotRepositoryResolver,
  InstalledDepotToolResolver,
  DepotBrowseResolver,
  InstalledRepositoryAdminResolver,
] as const;

let built: Promise<GraphQLSchema> | undefined;

/** The one schema of the process, built once (never per request). */
/**
 * Every subscription brings its own `subscribe`, fed by PostgreSQL's signals (so that a change made by
 * any process reaches it): type-graphql's in-process topics are never used, and refused.
 */
const NO_TOPICS: PubSub = {
  publish: () => {
    throw new Error('subscriptions are fed by PostgreSQL signals, not in-process topics');
  },
  subscribe: () => {
    throw new Error('subscriptions are fed by PostgreSQL signals, not in-process topics');
  },
};

export function getSchema(): Promise<GraphQLSchema> {
  built ??= buildPlatformSchema();
  return built;
}

function buildPlatformSchema(): Promise<GraphQLSchema> {
  const instances = new ResolverInstances();
  return buildSchema({ resolvers: [...RESOLVERS], validate: false, emitSchemaFile: false, pubSub: NO_TOPICS, orphanedTypes: [...TOOL_INPUT_TYPES], container: instances })
    .then(useSyncItemTypeResolver)
    .then((schema) => useDirectResolvers(schema, RESOLVERS, instances));
}
