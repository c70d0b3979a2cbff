import { BigIntType, Entity, Index, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

@Entity({ tableName: 'galaxy_user' })
@Index({ name: 'galaxy_user_deleted_index', expression: 'create index "galaxy_user_deleted_index" on "galaxy_user" ("id") where "deleted"' })
@Index({ name: 'galaxy_user_email_trgm_index', expression: 'create index "galaxy_user_email_trgm_index" on "galaxy_user" using gin ("email" gin_trgm_ops)' })
@Index({ name: 'galaxy_user_username_trgm_index', expression: 'create index "galaxy_user_username_trgm_index" on "galaxy_user" using gin ("username" gin_trgm_ops)' })
export class User extends BaseEntity {
  @Property({ type: 'string', length: 255, unique: true })
  email!: string;

  /** The public name; unique when set. */
  @Property({ type: 'string', length: 255, nullable: true, unique: true })
  username: string | null = null;

  /** A bcrypt hash, never the password itself. */
  @Property({ type: 'string', length: 255, nullable: true, hidden: true })
  password: string | null = null;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;

  /** Bytes used by the user's non-purged datasets. */
  @Property({ type: new BigIntType('number'), columnType: 'bigint' })
  totalDiskUsage: number & Opt = 0;
}
