import type { CoreServices } from './service-context';
import type { IdentityService } from '../auth/identity.service';
import type { JobEngine } from '../jobs/job-engine';
import type { HdaService } from '../services/datasets';
import type { HdcaService } from '../services/collections';
import type { PageService } from '../services/pages';
import type { DepotInstallService } from '../services/depot-installs';
import type { InstalledToolsLoader } from '../services/depot-installs';
import type { InstalledWorkflowsService } from '../services/depot-installs';
import type { ExternalServiceService } from '../services/sample-tracking';
import type { FormService } from '../services/sample-tracking';
import type { RequestStateService } from '../services/sample-tracking';
import type { RequestTypeService } from '../services/sample-tracking';
import type { RequestService } from '../services/sample-tracking';
import type { SampleUpdateService } from '../services/sample-tracking';
import type { SampleService } from '../services/sample-tracking';
import type { SharingService } from '../services/sharing';
import type { VisualizationService } from '../services/visualizations';
import type { WorkflowService } from '../services/workflows';
import type { WorkflowImportService } from '../services/workflows';
import type { WorkflowManageService } from '../services/workflows';
import type { WorkflowRequestService } from '../services/workflows';
import type { WorkflowExtractionService } from '../services/workflows';
import type { InvocationService } from '../services/workflows';
import type { GroupMembershipService } from '../services/groups';
import type { GroupService } from '../services/groups';
import type { HistoryExportService } from '../services/histories';
import type { HistoryImportService } from '../services/histories';
import type { HistoryMutationService } from '../services/history-mutations';
import type { HistorySelectionService } from '../services/history-selection';
import type { HistoryService } from '../services/histories';
import type { JobFilesService } from '../services/jobs';
import type { FolderContentsService } from '../services/libraries';
import type { FolderCopyService } from '../services/libraries';
import type { FolderPermissionsService } from '../services/libraries';
import type { FolderService } from '../services/libraries';
import type { LibraryContentsService } from '../services/libraries';
import type { LibraryCreationService } from '../services/libraries';
import type { LibraryHistoryTransferService } from '../services/libraries';
import type { LibraryUploadService } from '../services/libraries';
import type { LibraryDatasetChangesService } from '../services/libraries';
import type { LibraryDatasetPermissionsService } from '../services/libraries';
import type { DatasetPermissionsService } from '../services/datasets';
import type { DefaultDatasetPermissionsService } from '../services/datasets';
import type { LibraryDatasetService } from '../services/libraries';
import type { LibraryPermissionsService } from '../services/libraries';
import type { LibraryService } from '../services/libraries';
import type { PermissionService } from '../services/permissions';
import type { JobService } from '../services/jobs';
import type { RemoteJobsService } from '../services/jobs';
import type { QuotaService } from '../services/quotas';
import type { RoleService } from '../services/roles';
import type { SessionService } from '../services/sessions';
import type { TagService } from '../services/tags';
import type { ToolCatalogService } from '../services/tools';
import type { ToolExecutionService } from '../services/tools';
import type { ToolDataService } from '../services/tool-data';
import type { UserService } from '../services/users';
import type { TaskRunner } from '../tasks/task-runner';

/**
 * Every service of the process, as the layers above the services reach them (resolvers, the REST
 * shim, task handlers, the admin CLI). Services themselves never see this: they get the core
 * services per call (ServiceContext) and their siblings when they are built.
 */
export interface AppServices extends CoreServices {
  identity: IdentityService;
  sessions: SessionService;
  users: UserService;
  roles: RoleService;
  groups: GroupService;
  groupMembers: GroupMembershipService;
  quotas: QuotaService;
  tags: TagService;
  histories: HistoryService;
  historyMutations: HistoryMutationService;
  /** Operations on a selection of a history's items (hide, delete, copy, build a collection), set-based. */
  historySelection: HistorySelectionService;
  historyExports: HistoryExportService;
  historyImports: HistoryImportService;
  hdas: HdaService;
  hdcas: HdcaService;
  pages: PageService;
  /** Link access, publishing and shares of every shareable kind. */
  sharing: SharingService;
  visualizations: VisualizationService;
  workflows: WorkflowService;
  workflowImports: WorkflowImportService;
  /** Rename, annotate, tag, copy, undelete, import from a URL, go back to a version. */
  workflowManagement: WorkflowManageService;
  workflowRequests: WorkflowRequestService;
  workflowExtraction: WorkflowExtractionService;
  invocations: InvocationService;
  tools: ToolCatalogService;
  toolExecution: ToolExecutionService;
  toolData: ToolDataService;
  jobs: JobService;
  jobFiles: JobFilesService;
  remoteJobs: RemoteJobsService;
  jobEngine: JobEngine;
  tasks: TaskRunner;
  permissions: PermissionService;
  libraries: LibraryService;
  libraryPermissions: LibraryPermissionsService;
  folders: FolderService;
  folderPermissions: FolderPermissionsService;
  folderContents: FolderContentsService;
  folderCopies: FolderCopyService;
  libraryContents: LibraryContentsService;
  libraryCreation: LibraryCreationService;
  libraryHistoryTransfers: LibraryHistoryTransferService;
  libraryUploads: LibraryUploadService;
  libraryDatasets: LibraryDatasetService;
  libraryDatasetPermissions: LibraryDatasetPermissionsService;
  datasetPermissions: DatasetPermissionsService;
  defaultDatasetPermissions: DefaultDatasetPermissionsService;
  libraryDatasetChanges: LibraryDatasetChangesService;
  forms: FormService;
  externalServices: ExternalServiceService;
  requestTypes: RequestTypeService;
  requests: RequestService;
  requestStates: RequestStateService;
  samples: SampleService;
  sampleUpdates: SampleUpdateService;
  /** Installing repository revisions from the allowed depots. */
  depotInstalls: DepotInstallService;
  /** The `.ga` workflows of installed repositories. */
  depotWorkflows: InstalledWorkflowsService;
  /** Loads installed repositories' tools into this process's registry (at start and when signalled). */
  depotTools: InstalledToolsLoader;
}
