import type { DepotCoreServices } from './depot-service-context';
import type { IdentityService } from '../../auth/identity.service';
import type { PasswordHasher } from '../../auth/passwords';
import type { TaskRunner } from '../../tasks/task-runner';
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

/**
 * Every depot service of the process, as the layers above them reach them (resolvers, the HTTP
 * routes, task handlers). Depot services themselves get the core per call (DepotServiceContext)
 * and the services they use when they are built.
 */
export interface DepotServices extends DepotCoreServices {
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
