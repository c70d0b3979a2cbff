import { BaseEntity } from '../../entities/base.entity';
import { TaskRecord } from '../../entities/background-task.entity';
import { Category } from './category.entity';
import { Changeset } from './changeset.entity';
import { DepotTask } from './depot-task.entity';
import { SignInFailureRecord } from '../../entities/sign-in-failure.entity';
import { DepotApiKey, DepotSession, DepotSignInFailure, DepotUser } from './depot-user.entity';
import { RepositoryMetadata } from './repository-metadata.entity';
import { Repository, RepositoryCategoryAssociation } from './repository.entity';

export { Category, Changeset, DepotApiKey, DepotSession, DepotTask, DepotUser, Repository, RepositoryCategoryAssociation, RepositoryMetadata };

/** Every entity of the depot's schema. */
export const DEPOT_ENTITIES = [
  BaseEntity,
  TaskRecord,
  DepotUser,
  DepotApiKey,
  DepotSession,
  Category,
  Repository,
  RepositoryCategoryAssociation,
  Changeset,
  RepositoryMetadata,
  DepotTask,
  SignInFailureRecord,
  DepotSignInFailure,
];
