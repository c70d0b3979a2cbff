import { Entity, Index, JsonType, ManyToOne, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../entities/base.entity';
import { DepotUser } from './depot-user.entity';
import { DEPOT_SCHEMA } from './depot-schema';
import { Repository } from './repository.entity';

export const METADATA_STATES = ['pending', 'done', 'error'] as const;
export type MetadataState = (typeof METADATA_STATES)[number];

/**
 * One revision of a repository: a commit of its git repository. `ctxRev` is its number (0 for the
 * first), `changesetRevision` the commit's first 12 hex digits. Its metadata (tools, workflows,
 * datatypes, dependencies) is computed by a background task.
 */
@Entity({ tableName: 'changeset', schema: DEPOT_SCHEMA })
@Unique({ properties: ['repository', 'ctxRev'] })
@Unique({ properties: ['repository', 'changesetRevision'] })
@Index({ properties: ['metadataState'] })
export class Changeset extends BaseEntity {
  @ManyToOne(() => Repository, { deleteRule: 'cascade' })
  repository!: Repository;

  @Property({ type: 'integer' })
  ctxRev!: number;

  @Property({ type: 'string', length: 12 })
  changesetRevision!: string;

  @Property({ type: 'string', length: 40 })
  commitHash!: string;

  @Property({ type: 'text' })
  commitMessage: string & Opt = '';

  /** Who uploaded it (null for revisions imported from a capsule whose uploader is unknown here). */
  @ManyToOne(() => DepotUser, { nullable: true, deleteRule: 'set null' })
  user: DepotUser | null = null;

  @Property({ type: 'string', length: 16 })
  metadataState: MetadataState & Opt = 'pending';

  @Property({ type: JsonType, nullable: true })
  metadata: Record<string, unknown> | null = null;

  @Property({ type: 'text', nullable: true })
  metadataError: string | null = null;
}
