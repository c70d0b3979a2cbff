import { CallerCache } from '../../auth/caller-cache';
import { IdentityService, type IdentityLookups, type KeyLookupRow, type SessionLookupRow } from '../../auth/identity.service';
import { PasswordHasher } from '../../auth/passwords';
import type { Database } from '../../db/database';
import { sql } from '../../db/sql/sql-statement';
import { IdCodec } from '../../ids/id-codec';
import type { Logger } from '../../logging/logger';
import { SignInLimiter } from '../../services/sessions';
import { TaskRunner } from '../../tasks/task-runner';
import type { DepotConfig } from '../config/depot-config';
import type { DepotServices } from '../context/depot-services';
import { DEPOT_TASKS } from '../entities/depot-task.entity';
import { CapsuleExportService } from '../services/capsules/capsule-export.service';
import { CAPSULE_IMPORT_TASK, CapsuleImportService, capsuleImportTaskHandler } from '../services/capsules/capsule-import.service';
import { CategoryService } from '../services/categories/category.service';
import { MetadataService } from '../services/metadata/metadata.service';
import { METADATA_TASK, metadataTaskFailed, metadataTaskHandler } from '../services/metadata/metadata-task';
import { RepositoryService } from '../services/repositories/repository.service';
import { ArchiveService } from '../services/revisions/archive.service';
import { InstallInfoService } from '../services/revisions/install-info.service';
import { RevisionService } from '../services/revisions/revision.service';
import { SearchService } from '../services/search/search.service';
import { ChangesetUploadService } from '../services/revisions/changeset-upload.service';
import { DepotSessionService } from '../services/users/depot-session.service';
import { DepotUserService } from '../services/users/depot-user.service';
import { DepotLayout } from './depot-layout';

/** The depot's accounts, keys and sessions (its own tables; the same rules as the platform's). */
const DEPOT_LOOKUPS: IdentityLookups = {
  apiKey: sql<KeyLookupRow>(
    'depot_auth_api_key',
    `select u.id, u.email, u.username, u.deleted,
            exists (select 1 from depot.api_keys newer where newer.user_id = k.user_id and newer.id > k.id) as superseded
       from depot.api_keys k join depot.galaxy_user u on u.id = k.user_id
      where k.key = $1`,
  ),
  session: sql<SessionLookupRow>(
    'depot_auth_session',
    `select s.id, null::int as "currentHistoryId", u.id as "userId", u.email, u.username, u.deleted
       from depot.galaxy_session s left join depot.galaxy_user u on u.id = s.user_id
      where s.session_key = $1 and s.is_valid`,
  ),
};

/** The depot's composition root: every service once per process, each after the services it is given. */
export function createDepotServices(config: DepotConfig, db: Database, log: Logger): DepotServices {
  const ids = new IdCodec(config.idSecret);
  const passwords = new PasswordHasher(config.passwordHashRounds);
  // The depot's own triggers signal changes of its users and keys (`depot_caller_changed`).
  const callers = new CallerCache(db.signals, 'depot_caller_changed');
  const identity = new IdentityService({ masterApiKey: config.masterApiKey, adminUsers: config.adminUsers, runnerTokens: [] }, ids, db.reader, callers, DEPOT_LOOKUPS);
  const tasks = new TaskRunner(db.orm, log, {
    // Two: a long capsule import never holds up the metadata of an upload.
    workers: 2,
    pollMs: config.tasks.pollMs,
    heartbeatMs: config.tasks.heartbeatMs,
    staleSeconds: config.tasks.staleSeconds,
    queue: DEPOT_TASKS,
  });
  const users = new DepotUserService(passwords, new SignInLimiter(db.reader, 'depot.sign_in_failure', config.signInLimits, log));
  const layout = new DepotLayout(config.depotDir);
  const metadata = new MetadataService(db, layout, config, tasks, log);
  const repositories = new RepositoryService();
  const services: DepotServices = {
    config,
    log,
    db,
    ids,
    layout,
    passwords,
    identity,
    tasks,
    users,
    sessions: new DepotSessionService(users, identity),
    categories: new CategoryService(),
    repositories,
    uploads: new ChangesetUploadService(tasks, metadata),
    archives: new ArchiveService(),
    revisions: new RevisionService(),
    installInfo: new InstallInfoService(),
    capsuleExports: new CapsuleExportService(),
    capsuleImports: new CapsuleImportService(config.importWaitSeconds, tasks, repositories, metadata),
    metadata,
    search: new SearchService(),
  };
  tasks.register(METADATA_TASK, metadataTaskHandler(services), metadataTaskFailed(services));
  tasks.register(CAPSULE_IMPORT_TASK, capsuleImportTaskHandler(services));
  return services;
}
