import type { IdentityService } from '../../auth/identity.service';
import type { PasswordHasher } from '../../auth/passwords';
import type { Database } from '../../db/database';
import type { IdCodec } from '../../ids/id-codec';
import type { Logger } from '../../logging/logger';
import type { TaskRunner } from '../../tasks/task-runner';
import type { DepotLayout } from '../app/depot-layout';
import type { DepotConfig } from '../config/depot-config';
import type { CapsuleExportService } from '../services/capsules/capsule-export.service';
import type { CapsuleImportService } from '../services/capsules/capsule-import.service';
import type { CategoryService } from '../services/categories/category.service';
import type { MetadataService } from '../services/metadata/metadata.service';
import type { RepositoryService } from '../services/repositories/repository.service';
import type { ArchiveService } from '../services/revisions/archive.service';
import type { InstallInfoService } from '../services/revisions/install-info.service';
import type { RevisionService } from '../services/revisions/revision.service';
import type { SearchService } from '../services/search/search.service';
import type { ChangesetUploadService } from '../services/revisions/changeset-upload.service';
import type { DepotSessionService } from '../services/users/depot-session.service';
import type { DepotUserService } from '../services/users/depot-user.service';

/** The depot's process-wide singletons, reached through each request's context. */
export interface DepotServices {
  config: DepotConfig;
  log: Logger;
  db: Database;
  ids: IdCodec;
  layout: DepotLayout;
  passwords: PasswordHasher;
  identity: IdentityService;
  tasks: TaskRunner;
  users: DepotUserService;
  sessions: DepotSessionService;
  categories: CategoryService;
  repositories: RepositoryService;
  uploads: ChangesetUploadService;
  archives: ArchiveService;
  revisions: RevisionService;
  installInfo: InstallInfoService;
  capsuleExports: CapsuleExportService;
  capsuleImports: CapsuleImportService;
  metadata: MetadataService;
  search: SearchService;
}
