import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';

/** Tags a user put on any taggable item (histories, datasets, workflows…): `name` or `name:value`. */
@Entity({ tableName: 'item_tag' })
@Index({ properties: ['itemType', 'itemId'] })
@Index({ properties: ['user'] })
export class ItemTag extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 40 })
  itemType!: string;

  @Property({ type: 'integer' })
  itemId!: number;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  value: string | null = null;
}
