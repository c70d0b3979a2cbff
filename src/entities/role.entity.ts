import { Entity, Index, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

export const ROLE_TYPES = ['private', 'system', 'user', 'admin', 'sharing'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

/** Role names are not unique in the schema: several roles of one name is the InconsistentDatabase case. */
@Entity({ tableName: 'role' })
@Index({ properties: ['name'] })
export class Role extends BaseEntity {
  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'string', length: 40 })
  type!: RoleType;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}
