import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../entities/base.entity';
import { Category } from './category.entity';
import { DepotUser } from './depot-user.entity';
import { DEPOT_SCHEMA } from './depot-schema';

export const REPOSITORY_TYPES = ['unrestricted', 'repository_suite_definition', 'tool_dependency_definition'] as const;
export type RepositoryType = (typeof REPOSITORY_TYPES)[number];

/**
 * A published repository: named uniquely per owner, its revisions are the commits of a git
 * repository of its own under the depot's data directory (`vcs/`).
 */
@Entity({ tableName: 'repository', schema: DEPOT_SCHEMA })
@Unique({ properties: ['user', 'name'] })
@Index({ properties: ['name'] })
// Partial: the index listing reads live, not deprecated repositories in name order.
@Index({ name: 'repository_listed_index', expression: 'create index "repository_listed_index" on "depot"."repository" ("deleted", "name") where not "deprecated"' })
export class Repository extends BaseEntity {
  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'string', length: 64 })
  type: RepositoryType & Opt = 'unrestricted';

  @ManyToOne(() => DepotUser, { deleteRule: 'restrict' })
  user!: DepotUser;

  /** The synopsis (the platform calls it `description`). */
  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'text' })
  longDescription: string & Opt = '';

  @Property({ type: 'text' })
  homepageUrl: string & Opt = '';

  @Property({ type: 'text' })
  remoteRepositoryUrl: string & Opt = '';

  @Property({ type: 'boolean' })
  private: boolean & Opt = false;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  deprecated: boolean & Opt = false;

  @Property({ type: 'integer' })
  timesDownloaded: number & Opt = 0;
}

@Entity({ tableName: 'repository_category_association', schema: DEPOT_SCHEMA })
@Unique({ properties: ['repository', 'category'] })
@Index({ properties: ['category'] })
export class RepositoryCategoryAssociation {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Repository, { deleteRule: 'cascade' })
  repository!: Repository;

  @ManyToOne(() => Category, { deleteRule: 'cascade' })
  category!: Category;
}
