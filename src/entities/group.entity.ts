import { Entity, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

@Entity({ tableName: 'galaxy_group' })
export class Group extends BaseEntity {
  @Property({ type: 'string', length: 255, unique: true })
  name!: string;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}
