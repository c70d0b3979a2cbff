import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { User } from './user.entity';

/** Every key a user was given; only the newest one is valid. */
@Entity({ tableName: 'api_keys' })
@Index({ properties: ['user', 'createTime'] })
export class ApiKey {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'datetime', length: 6 })
  createTime: Date & Opt = new Date();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 32, unique: true })
  key!: string;
}
