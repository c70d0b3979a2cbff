import { CallerCache } from '../auth/caller-cache';
import { IdentityService } from '../auth/identity.service';
import { PasswordHasher } from '../auth/passwords';
import type { AppConfig } from '../config/app-config';
import type { AppServices } from '../context/app-services';
import type { Database } from '../db/database';
import { IdCodec } from '../ids/id-codec';
import { JobRouting } from '../jobs/job-routing';
import { JobEngine } from '../jobs/job-engine';
import { batchRunnersFor } from '../jobs/runner-plugins';
import type { Logger } from '../logging/logger';
import { HdaService } from '../services/datasets/hda.service';
import { HdcaService } from '../services/collections';
import { PageService } from '../services/pages';
import { DepotInstallService } from '../services/depot-installs';
import { INSTALL_TASK, installTaskFailed, installTaskHandler } from '../services/depot-installs';
import { InstalledToolsLoader } from '../services/depot-installs';
import { InstalledWorkflowsService } from '../services/depot-installs';
import { ExternalServiceService } from '../services/sample-tracking';
import { FormService } from '../services/sample-tracking';
import { RequestStateService } from '../services/sample-tracking';
import { RequestTypeService } from '../services/sample-tracking';
import { RequestService } from '../services/sample-tracking';
import { SampleUpdateService } from '../services/sample-tracking';
import { SampleService } from '../services/sample-tracking';
import { SharingService } from '../services/sharing';
import { VisualizationService } from '../services/visualizations';
import { WorkflowService } from '../services/workflows';
import { WorkflowImportService } from '../services/workflows';
import { WorkflowRequestService } from '../services/workflows';
import { WorkflowExtractionService } from '../services/workflows';
import { InvocationService } from '../services/workflows';
import { SCHEDULE_TASK, scheduleTaskHandler } from '../services/workflows';
import { GroupMembershipService } from '../services/groups';
import { GroupService } from '../services/groups';
import { EXPORT_TASK, exportTaskFailed, exportTaskHandler, HistoryExportService } from '../services/histories';
import { HistoryImportService, IMPORT_TASK, importTaskHandler } from '../services/histories';
import { HistoryMutationService } from '../services/histories';
import { HistoryService } from '../services/histories';
import { JobFilesService } from '../services/jobs';
import { JobService } from '../services/jobs';
import { RemoteJobsService } from '../services/jobs';
import { FolderContentsService } from '../services/libraries/folder-contents.service';
import { FolderCopyService } from '../services/libraries/folder-copy.service';
import { FolderPermissionsService } from '../services/libraries/folder-permissions.service';
import { FolderService } from '../services/libraries/folder.service';
import { LibraryContentsService } from '../services/libraries/library-contents.service';
import { LibraryCreationService } from '../services/libraries/library-creation.service';
import { LibraryUploadService } from '../services/libraries/library-upload.service';
import { LibraryDatasetChangesService } from '../services/libraries/library-dataset-changes.service';
import { LibraryDatasetPermissionsService } from '../services/libraries/library-dataset-permissions.service';
import { DatasetPermissionsService } from '../services/datasets/dataset-permissions.service';
import { DefaultDatasetPermissionsService } from '../services/datasets/default-permissions';
import { LibraryDatasetService } from '../services/libraries/library-dataset.service';
import { LibraryPermissionsService } from '../services/libraries/library-permissions.service';
import { LibraryService } from '../services/libraries/library.service';
import { PermissionService } from '../services/permissions';
import { QuotaService } from '../services/quotas';
import { RoleService } from '../services/roles';
import { SessionService } from '../services/sessions';
import { SignInLimiter } from '../services/sessions';
import { TagService } from '../services/tags';
import { ToolCatalogService } from '../services/tools';
import { ToolExecutionService } from '../services/tools';
import { ToolDataService } from '../services/tool-data';
import { UserService } from '../services/users';
import { DataLayout } from '../storage/data-layout';
import { TaskRunner } from '../tasks/task-runner';

/** Local workers: the job configuration's local plugin's `workers` when it sets them, else LOCAL_JOB_WORKERS. */
function localWorkersOf(config: AppConfig): number {
  const plugin = config.jobConf.plugins.find((candidate) => candidate.kind === 'local' && candidate.workers !== null);
  return plugin?.workers ?? config.jobs.localWorkers;
}

/** The composition root: builds every service once per process. */
export function createServices(config: AppConfig, db: Database, log: Logger): AppServices {
  const ids = new IdCodec(config.idSecret);
  const passwords = new PasswordHasher(config.passwordHashRounds);
  const groups = new GroupService();
  const requests = new RequestService();
  const layout = new DataLayout(config.dataDir);
  const tools = new ToolCatalogService(config.toolDirs, log);
  const runnerDeps = { orm: db.orm, layout, tools: tools.registry, ids, log, routing: new JobRouting(config.jobConf, tools.registry), signals: db.signals };
  const jobEngine = new JobEngine(
    { ...runnerDeps, batchRunners: batchRunnersFor(runnerDeps, { slurmPollMs: config.jobs.slurmPollMs }) },
    { ...config.jobs, workers: localWorkersOf(config), maxUploadBytes: config.maxUploadBytes, allowPrivateUrlFetch: config.allowPrivateUrlFetch },
  );
  const tasks = new TaskRunner(db.orm, log, {
    workers: 1,
    pollMs: config.jobs.pollMs,
    signalledPollMs: config.jobs.signalledPollMs,
    heartbeatMs: config.jobs.heartbeatMs,
    staleSeconds: config.jobs.staleSeconds,
    signals: db.signals,
  });
  const services: AppServices = {
    config,
    log,
    db,
    ids,
    layout,
    identity: new IdentityService(config, ids, db.reader, new CallerCache(db.signals)),
    sessions: new SessionService(passwords, new SignInLimiter(db.reader, 'sign_in_failure', config.signInLimits, log)),
    users: new UserService(config, passwords),
    roles: new RoleService(),
    groups,
    groupMembers: new GroupMembershipService(groups),
    quotas: new QuotaService(),
    tags: new TagService(),
    histories: new HistoryService(),
    historyMutations: new HistoryMutationService(),
    historyExports: new HistoryExportService(),
    historyImports: new HistoryImportService(),
    hdas: new HdaService(),
    hdcas: new HdcaService(),
    pages: new PageService(),
    sharing: new SharingService(),
    visualizations: new VisualizationService(),
    workflows: new WorkflowService(),
    workflowImports: new WorkflowImportService(),
    workflowRequests: new WorkflowRequestService(),
    workflowExtraction: new WorkflowExtractionService(),
    invocations: new InvocationService(),
    tools,
    toolExecution: new ToolExecutionService(),
    toolData: new ToolDataService(config.toolData, db.signals, log),
    jobs: new JobService(),
    jobFiles: new JobFilesService(),
    remoteJobs: new RemoteJobsService(),
    jobEngine,
    tasks,
    permissions: new PermissionService(),
    libraries: new LibraryService(),
    libraryPermissions: new LibraryPermissionsService(),
    folders: new FolderService(),
    folderPermissions: new FolderPermissionsService(),
    folderContents: new FolderContentsService(),
    folderCopies: new FolderCopyService(),
    libraryContents: new LibraryContentsService(),
    libraryCreation: new LibraryCreationService(),
    libraryUploads: new LibraryUploadService(),
    libraryDatasets: new LibraryDatasetService(),
    libraryDatasetPermissions: new LibraryDatasetPermissionsService(),
    datasetPermissions: new DatasetPermissionsService(),
    defaultDatasetPermissions: new DefaultDatasetPermissionsService(),
    libraryDatasetChanges: new LibraryDatasetChangesService(),
    forms: new FormService(),
    externalServices: new ExternalServiceService(),
    requestTypes: new RequestTypeService(),
    requests,
    requestStates: new RequestStateService(requests),
    samples: new SampleService(requests),
    sampleUpdates: new SampleUpdateService(),
    depotInstalls: new DepotInstallService(config, log),
    depotWorkflows: new InstalledWorkflowsService(),
    depotTools: new InstalledToolsLoader(db, tools, config.depotToolDir, log),
  };
  tasks.register(EXPORT_TASK, exportTaskHandler(services), exportTaskFailed());
  tasks.register(IMPORT_TASK, importTaskHandler(services));
  tasks.register(SCHEDULE_TASK, scheduleTaskHandler(services));
  tasks.register(INSTALL_TASK, installTaskHandler(services), installTaskFailed(services));
  return services;
}
