import { BigIntType, Entity, Index, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

export const QUOTA_OPERATIONS = ['=', '+', '-'] as const;
export type QuotaOperation = (typeof QUOTA_OPERATIONS)[number];

@Entity({ tableName: 'quota' })
@Index({ name: 'quota_deleted_index', expression: 'create index "quota_deleted_index" on "quota" ("id") where "deleted"' })
export class Quota extends BaseEntity {
  @Property({ type: 'string', length: 255, unique: true })
  name!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  /** -1 means unlimited. */
  @Property({ type: new BigIntType('number'), columnType: 'bigint' })
  bytes!: number;

  @Property({ type: 'string', length: 8 })
  operation: QuotaOperation & Opt = '=';

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;
}
