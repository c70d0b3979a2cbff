import { Entity, Index, JsonType, ManyToOne, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../entities/base.entity';
import { DEPOT_SCHEMA } from './depot-schema';
import { Repository } from './repository.entity';

/**
 * A "repository revision" of the contract (the platform's RepositoryMetadata): the metadata of one
 * changeset. Installable (downloadable) revisions are these records; a later changeset whose
 * metadata keeps everything of the latest record moves that record forward instead of adding one.
 */
@Entity({ tableName: 'repository_metadata', schema: DEPOT_SCHEMA })
@Unique({ properties: ['repository', 'changesetRevision'] })
@Index({ properties: ['repository', 'ctxRev'] })
export class RepositoryMetadata extends BaseEntity {
  @ManyToOne(() => Repository, { deleteRule: 'cascade' })
  repository!: Repository;

  @Property({ type: 'string', length: 12 })
  changesetRevision!: string;

  /** The number of the changeset the record stands for (orders installable revisions). */
  @Property({ type: 'integer' })
  ctxRev!: number;

  @Property({ type: JsonType })
  metadata: Record<string, unknown> & Opt = {};

  @Property({ type: 'boolean' })
  downloadable: boolean & Opt = true;

  @Property({ type: 'boolean' })
  malicious: boolean & Opt = false;

  @Property({ type: 'boolean' })
  missingTestComponents: boolean & Opt = false;

  @Property({ type: 'boolean' })
  toolsFunctionallyCorrect: boolean & Opt = false;

  @Property({ type: 'boolean' })
  doNotTest: boolean & Opt = false;

  @Property({ type: 'boolean' })
  testInstallError: boolean & Opt = false;

  /** Marked by the test framework's skip records (the `skip_tool_test` filter). */
  @Property({ type: 'boolean' })
  skipToolTest: boolean & Opt = false;

  @Property({ type: 'datetime', length: 6, nullable: true })
  timeLastTested: Date | null = null;

  @Property({ type: JsonType, nullable: true })
  toolTestResults: Record<string, unknown> | null = null;

  @Property({ type: 'boolean' })
  hasRepositoryDependencies: boolean & Opt = false;

  @Property({ type: 'boolean' })
  includesDatatypes: boolean & Opt = false;

  @Property({ type: 'boolean' })
  includesTools: boolean & Opt = false;

  @Property({ type: 'boolean' })
  includesToolDependencies: boolean & Opt = false;

  @Property({ type: 'boolean' })
  includesToolsForDisplayInToolPanel: boolean & Opt = false;

  @Property({ type: 'boolean' })
  includesWorkflows: boolean & Opt = false;
}
