import { Entity, Index, JsonType, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';

/** A saved visualization; what it shows lives in its revisions (the latest one is current). */
@Entity({ tableName: 'visualization' })
@Index({ properties: ['user', 'deleted'] })
// Partial: listings read the few published visualizations of other users.
@Index({ name: 'visualization_published_index', expression: 'create index "visualization_published_index" on "visualization" ("published") where "published"' })
export class Visualization extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'string', length: 255 })
  type!: string;

  @Property({ type: 'text', nullable: true })
  dbkey: string | null = null;

  @Property({ type: 'text', nullable: true })
  slug: string | null = null;

  @Property({ type: 'text', nullable: true })
  annotation: string | null = null;

  @Property({ type: 'boolean' })
  importable: boolean & Opt = false;

  @Property({ type: 'boolean' })
  published: boolean & Opt = false;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  /** Null only between inserting a visualization and its first revision (one transaction). */
  @ManyToOne(() => VisualizationRevision, { nullable: true, deleteRule: 'set null' })
  latestRevision: VisualizationRevision | null = null;
}

/** One state of a visualization: an update that changes title, dbkey or config adds one. */
@Entity({ tableName: 'visualization_revision' })
@Index({ properties: ['visualization'] })
export class VisualizationRevision extends BaseEntity {
  @ManyToOne(() => Visualization, { deleteRule: 'cascade' })
  visualization!: Visualization;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', nullable: true })
  dbkey: string | null = null;

  @Property({ type: JsonType })
  config: Record<string, unknown> & Opt = {};
}

/** A visualization shared with one user (who may then read and import it). */
@Entity({ tableName: 'visualization_user_share_association' })
// Named as PostgreSQL stored it (the generated name is longer than 63 characters).
@Unique({ name: 'visualization_user_share_association_visualization_id_user_id_u', properties: ['visualization', 'user'] })
@Index({ properties: ['user'] })
export class VisualizationUserShareAssociation {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Visualization, { deleteRule: 'cascade' })
  visualization!: Visualization;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;
}
