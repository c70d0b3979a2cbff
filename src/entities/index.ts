import { ApiKey } from './api-key.entity';
import {
  DefaultQuotaAssociation,
  GroupQuotaAssociation,
  GroupRoleAssociation,
  UserGroupAssociation,
  UserQuotaAssociation,
  UserRoleAssociation,
} from './associations.entity';
import { BackgroundTask, TaskRecord } from './background-task.entity';
import { BaseEntity } from './base.entity';
import { Dataset } from './dataset.entity';
import { InstalledDepotRepository, InstalledDepotTool } from './depot-install.entity';
import { DatasetCollection, DatasetCollectionElement, HistoryDatasetCollectionAssociation, LibraryDatasetCollectionAssociation } from './dataset-collection.entity';
import { ExtendedMetadata, ExtendedMetadataIndex } from './extended-metadata.entity';
import { FormDefinition, FormDefinitionCurrent } from './form-definition.entity';
import { ImplicitlyConvertedDatasetAssociation } from './implicit-conversion.entity';
import { ItemPermission } from './item-permission.entity';
import { LibraryDataset, LibraryDatasetDatasetAssociation } from './library-dataset.entity';
import { LibraryFolder } from './library-folder.entity';
import { Library } from './library.entity';
import { GalaxySession } from './galaxy-session.entity';
import { Group } from './group.entity';
import { HistoryDatasetAssociation } from './hda.entity';
import { HistoryExport } from './history-export.entity';
import { HistoryUserShareAssociation } from './history-share.entity';
import { Page, PageRevision, PageUserShareAssociation } from './page.entity';
import { History } from './history.entity';
import { ItemTag } from './item-tag.entity';
import { JobInputDataset, JobOutputDataset } from './job-dataset.entity';
import { Job } from './job.entity';
import { JobAttempt } from './job-attempt.entity';
import { JobMetric } from './job-metric.entity';
import { Quota } from './quota.entity';
import { Request, RequestEvent } from './request.entity';
import { ExternalService, RequestType, RequestTypeExternalServiceAssociation, SampleState } from './request-type.entity';
import { Role } from './role.entity';
import { Sample, SampleDataset, SampleEvent } from './sample.entity';
import { SignInFailure, SignInFailureRecord } from './sign-in-failure.entity';
import { AdminAuditEntry } from './admin-audit-entry.entity';
import { JobLock } from './job-lock.entity';
import { ServerProcess } from './server-process.entity';
import { User } from './user.entity';
import { Visualization, VisualizationRevision, VisualizationUserShareAssociation } from './visualization.entity';
import { StoredWorkflow, StoredWorkflowUserShareAssociation, Workflow, WorkflowStep } from './workflow.entity';
import { WorkflowInvocation, WorkflowInvocationStep, WorkflowInvocationStepJob } from './workflow-invocation.entity';

export {
  ExternalService,
  FormDefinition,
  FormDefinitionCurrent,
  Request,
  RequestEvent,
  RequestType,
  RequestTypeExternalServiceAssociation,
  Sample,
  SampleDataset,
  SampleEvent,
  SampleState,
  DatasetCollection,
  DatasetCollectionElement,
  ExtendedMetadata,
  ExtendedMetadataIndex,
  ImplicitlyConvertedDatasetAssociation,
  ItemPermission,
  Library,
  LibraryDataset,
  LibraryDatasetCollectionAssociation,
  LibraryDatasetDatasetAssociation,
  LibraryFolder,
  ApiKey,
  BackgroundTask,
  TaskRecord,
  BaseEntity,
  Dataset,
  History,
  HistoryDatasetAssociation,
  HistoryDatasetCollectionAssociation,
  HistoryExport,
  HistoryUserShareAssociation,
  Page,
  PageRevision,
  PageUserShareAssociation,
  Job,
  JobInputDataset,
  JobMetric,
  JobAttempt,
  JobOutputDataset,
  DefaultQuotaAssociation,
  GalaxySession,
  Group,
  GroupQuotaAssociation,
  GroupRoleAssociation,
  ItemTag,
  Quota,
  Role,
  User,
  UserGroupAssociation,
  UserQuotaAssociation,
  UserRoleAssociation,
  Visualization,
  VisualizationRevision,
  VisualizationUserShareAssociation,
  StoredWorkflow,
  StoredWorkflowUserShareAssociation,
  Workflow,
  WorkflowStep,
  WorkflowInvocation,
  WorkflowInvocationStep,
  WorkflowInvocationStepJob,
  InstalledDepotRepository,
  InstalledDepotTool,
  AdminAuditEntry,
  JobLock,
  ServerProcess,
};

/** Every entity the ORM maps; later areas add theirs here. */
export const ALL_ENTITIES = [
  BaseEntity,
  User,
  ApiKey,
  GalaxySession,
  Role,
  Group,
  Quota,
  UserRoleAssociation,
  UserGroupAssociation,
  GroupRoleAssociation,
  UserQuotaAssociation,
  GroupQuotaAssociation,
  DefaultQuotaAssociation,
  ItemTag,
  History,
  Dataset,
  HistoryDatasetAssociation,
  Job,
  JobInputDataset,
  JobOutputDataset,
  JobMetric,
  JobAttempt,
  TaskRecord,
  BackgroundTask,
  HistoryExport,
  Library,
  LibraryFolder,
  LibraryDataset,
  LibraryDatasetDatasetAssociation,
  ItemPermission,
  ExtendedMetadata,
  ExtendedMetadataIndex,
  DatasetCollection,
  DatasetCollectionElement,
  LibraryDatasetCollectionAssociation,
  HistoryDatasetCollectionAssociation,
  HistoryUserShareAssociation,
  Page,
  PageRevision,
  PageUserShareAssociation,
  ImplicitlyConvertedDatasetAssociation,
  Visualization,
  VisualizationRevision,
  VisualizationUserShareAssociation,
  FormDefinitionCurrent,
  FormDefinition,
  ExternalService,
  RequestType,
  RequestTypeExternalServiceAssociation,
  SampleState,
  Request,
  RequestEvent,
  Sample,
  SampleEvent,
  SampleDataset,
  StoredWorkflow,
  Workflow,
  WorkflowStep,
  StoredWorkflowUserShareAssociation,
  WorkflowInvocation,
  WorkflowInvocationStep,
  WorkflowInvocationStepJob,
  InstalledDepotRepository,
  InstalledDepotTool,
  SignInFailureRecord,
  SignInFailure,
  AdminAuditEntry,
  JobLock,
  ServerProcess,
];
