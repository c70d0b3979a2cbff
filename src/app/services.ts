import { CallerCache } from '../auth/caller-cache';
import { IdentityService } from '../auth/identity.service';
import { PasswordHasher } from '../auth/passwords';
import type { AppConfig } from '../config/app-config';
import type { AppServices } from '../context/app-services';
import type { Database } from '../db/database';
import { IdCodec } from '../ids/id-codec';
import { JobRouting } from '../jobs/job-routing';
import { JobEngine } from '../jobs/job-engine';
import { runnersFor } from '../jobs/runner-plugins';
import type { Logger } from '../logging/logger';
import { HdaService } from '../services/datasets';
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
import { WorkflowManageService } from '../services/workflows';
import { WorkflowRequestService } from '../services/workflows';
import { WorkflowExtractionService } from '../services/workflows';
import { InvocationService } from '../services/workflows';
import { SCHEDULE_TASK, scheduleTaskHandler } from '../services/workflows';
import { GroupMembershipService } from '../services/groups';
import { GroupService } from '../services/groups';
import { EXPORT_TASK, exportTaskFailed, exportTaskHandler, HistoryExportService } from '../services/histories';
import { HistoryImportService, IMPORT_TASK, importTaskHandler } from '../services/histories';
import { HistoryMutationService } from '../services/history-mutations';
import { HistorySelectionService } from '../services/history-selection';
import { HistoryService } from '../services/histories';
import { JobFilesService } from '../services/jobs';
import { JobService } from '../services/jobs';
import { RemoteJobsService } from '../services/jobs';
import { FolderContentsService } from '../services/libraries';
import { FolderCopyService } from '../services/libraries';
import { FolderPermissionsService } from '../services/libraries';
import { FolderService } from '../services/libraries';
import { LibraryContentsService } from '../services/libraries';
import { LibraryCreationService } from '../services/libraries';
import { LibraryHistoryTransferService } from '../services/libraries';
import { LibraryUploadService } from '../services/libraries';
import { LibraryDatasetChangesService } from '../services/libraries';
import { LibraryDatasetPermissionsService } from '../services/libraries';
import { DatasetPermissionsService } from '../services/datasets';
import { DefaultDatasetPermissionsService } from '../services/datasets';
import { LibraryDatasetService } from '../services/libraries';
import { LibraryPermissionsService } from '../services/libraries';
import { LibraryService } from '../services/libraries';
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
import { shareableOwners } from './shareable-owners';

/** Local workers: the job configuration's local plugin's `workers` when it sets them, else LOCAL_JOB_WORKERS. */
function localWorkersOf(config: AppConfig): number {
  const plugin = config.jobConf.plugins.find((candidate) => candidate.kind === 'local' && candidate.workers !== null);
  return plugin?.workers ?? config.jobs.localWorkers;
}

/**
 * The composition root: builds every service once per process, each after the services it is
 * given (its constructor says which). Services receive the core (config, database, ids, log,
 * layout) per call through their ServiceContext; only the layers above them (resolvers, the REST
 * shim, task handlers) see this whole set.
 */
export function createServices(config: AppConfig, db: Database, log: Logger): AppServices {
  const ids = new IdCodec(config.idSecret);
  const passwords = new PasswordHasher(config.passwordHashRounds);
  const layout = new DataLayout(config.dataDir);
  const toolData = new ToolDataService(config.toolData, db.signals, log);
  const tools = new ToolCatalogService(config.toolDirs, log, toolData);
  const runnerDeps = { orm: db.orm, layout, tools: tools.registry, ids, log, routing: new JobRouting(config.jobConf, tools.registry, config.jobs.maxResubmits), signals: db.signals, outage: db.outage };
  const jobSettings = { ...config.jobs, workers: localWorkersOf(config), maxUploadBytes: config.maxUploadBytes, allowPrivateUrlFetch: config.allowPrivateUrlFetch };
  const jobEngine = new JobEngine({ ...runnerDeps, runners: runnersFor(runnerDeps, { local: jobSettings, slurmPollMs: config.jobs.slurmPollMs }) }, jobSettings);
  const tasks = new TaskRunner(db.orm, log, {
    workers: 1,
    pollMs: config.jobs.pollMs,
    signalledPollMs: config.jobs.signalledPollMs,
    heartbeatMs: config.jobs.heartbeatMs,
    staleSeconds: config.jobs.staleSeconds,
    signals: db.signals,
  });

  // Users, sessions and access.
  const identity = new IdentityService(config, ids, db.reader, new CallerCache(db.signals));
  const users = new UserService(config, passwords);
  const sessions = new SessionService(passwords, new SignInLimiter(db.reader, 'sign_in_failure', config.signInLimits, log), identity, users);
  const groups = new GroupService();
  const permissions = new PermissionService();
  const tags = new TagService();

  // Libraries.
  const libraries = new LibraryService(permissions);
  const folders = new FolderService(libraries, permissions);
  const libraryDatasets = new LibraryDatasetService(libraries, permissions);

  // Histories and their datasets and collections.
  const histories = new HistoryService(sessions);
  const hdas = new HdaService(histories, libraryDatasets, permissions, tags);
  const hdcas = new HdcaService(hdas, histories, libraryDatasets);
  const historyMutations = new HistoryMutationService(histories, tags, hdcas);
  const historyExports = new HistoryExportService(histories, tasks);

  const libraryContents = new LibraryContentsService(folders, hdas, libraries, libraryDatasets, permissions);
  const libraryUploads = new LibraryUploadService(jobEngine, libraryContents, tools);

  // Pages, visualizations, workflows, and the sharing of all of them with histories.
  const pages = new PageService();
  const visualizations = new VisualizationService();
  const workflows = new WorkflowService(tools);
  const workflowImports = new WorkflowImportService(workflows, tags);
  const workflowExtraction = new WorkflowExtractionService(histories, tools, workflows, tags);
  const invocations = new InvocationService(hdas, hdcas, histories, historyMutations, libraryDatasets, tasks, workflows, tools);
  const sharing = new SharingService(shareableOwners({ histories, pages, visualizations, workflows }));

  const requests = new RequestService();
  const depotTools = new InstalledToolsLoader(db, tools, config.depotToolDir, log);
  const depotInstalls = new DepotInstallService(config, log, depotTools, tasks, tools);

  const services: AppServices = {
    config,
    log,
    db,
    ids,
    layout,
    identity,
    sessions,
    users,
    roles: new RoleService(),
    groups,
    groupMembers: new GroupMembershipService(groups),
    quotas: new QuotaService(),
    tags,
    histories,
    historyMutations,
    historySelection: new HistorySelectionService(histories, historyMutations, hdcas),
    historyExports,
    historyImports: new HistoryImportService(historyExports, tasks),
    hdas,
    hdcas,
    pages,
    sharing,
    visualizations,
    workflows,
    workflowImports,
    workflowManagement: new WorkflowManageService(workflows, workflowImports, tags),
    workflowRequests: new WorkflowRequestService(invocations, workflowExtraction, workflowImports),
    workflowExtraction,
    invocations,
    tools,
    toolExecution: new ToolExecutionService(hdas, hdcas, histories, jobEngine, libraryDatasets, toolData, tools, users),
    toolData,
    jobs: new JobService(hdas, libraryDatasets, tools),
    jobFiles: new JobFilesService(),
    remoteJobs: new RemoteJobsService(jobEngine, tools),
    jobEngine,
    tasks,
    permissions,
    libraries,
    libraryPermissions: new LibraryPermissionsService(libraries, permissions),
    folders,
    folderPermissions: new FolderPermissionsService(folders, permissions),
    folderContents: new FolderContentsService(libraries),
    folderCopies: new FolderCopyService(folders, libraryContents),
    libraryContents,
    libraryCreation: new LibraryCreationService(libraryContents, libraryUploads),
    libraryHistoryTransfers: new LibraryHistoryTransferService(folders, hdas, histories),
    libraryUploads,
    libraryDatasets,
    libraryDatasetPermissions: new LibraryDatasetPermissionsService(libraryDatasets, permissions),
    datasetPermissions: new DatasetPermissionsService(libraryDatasets, permissions),
    defaultDatasetPermissions: new DefaultDatasetPermissionsService(permissions),
    libraryDatasetChanges: new LibraryDatasetChangesService(folders, jobEngine, libraries, libraryDatasets, permissions, tools),
    forms: new FormService(),
    externalServices: new ExternalServiceService(),
    requestTypes: new RequestTypeService(),
    requests,
    requestStates: new RequestStateService(requests),
    samples: new SampleService(requests),
    sampleUpdates: new SampleUpdateService(),
    depotInstalls,
    depotWorkflows: new InstalledWorkflowsService(depotInstalls, tools, workflowImports),
    depotTools,
  };
  tasks.register(EXPORT_TASK, exportTaskHandler(services), exportTaskFailed());
  tasks.register(IMPORT_TASK, importTaskHandler(services));
  tasks.register(SCHEDULE_TASK, scheduleTaskHandler(services));
  tasks.register(INSTALL_TASK, installTaskHandler(services), installTaskFailed(services));
  return services;
}
