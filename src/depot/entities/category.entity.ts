import { Entity, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../entities/base.entity';
import { DEPOT_SCHEMA } from './depot-schema';

/** A category repositories are filed under (created by administrators). */
@Entity({ tableName: 'category', schema: DEPOT_SCHEMA })
export class Category extends BaseEntity {
  @Property({ type: 'string', length: 255, unique: true })
  name!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}
