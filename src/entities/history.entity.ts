import { Entity, Index, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';

/** A user's (or an anonymous session's) workspace of datasets. */
@Entity({ tableName: 'history' })
@Index({ properties: ['user', 'deleted', 'createTime'] })
@Index({ name: 'history_user_id_create_time_id_index', properties: ['user', 'createTime', 'id'] })
@Index({
  name: 'history_published_update_time_index',
  expression: 'create index "history_published_update_time_index" on "history" ("update_time", "id") where "published" and not "deleted"',
})
export class History extends BaseEntity {
  /** Null for a history of an anonymous session. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user: User | null = null;

  @Property({ type: 'string', length: 255 })
  name: string & Opt = 'Unnamed history';

  /** The next hid to hand out; taken with a row lock so concurrent jobs never share one. */
  @Property({ type: 'integer' })
  hidCounter: number & Opt = 1;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;

  @Property({ type: 'boolean' })
  importable: boolean & Opt = false;

  @Property({ type: 'boolean' })
  published: boolean & Opt = false;

  @Property({ type: 'string', length: 255, nullable: true })
  slug: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  genomeBuild: string | null = null;

  @Property({ type: 'text', nullable: true })
  annotation: string | null = null;
}
