import { PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** Integer ids (encoded only at the edge of the graph) and the platform's create/update times. */
export abstract class BaseEntity {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'datetime', length: 6 })
  createTime: Date & Opt = new Date();

  @Property({ type: 'datetime', length: 6, onUpdate: () => new Date() })
  updateTime: Date & Opt = new Date();
}
