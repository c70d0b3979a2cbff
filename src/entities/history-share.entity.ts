import { Entity, Index, ManyToOne, PrimaryKey, Unique } from '@mikro-orm/core';
import { History } from './history.entity';
import { User } from './user.entity';

/** A history shared with one user (who may then read it, not change it). */
@Entity({ tableName: 'history_user_share_association' })
@Unique({ properties: ['history', 'user'] })
@Index({ properties: ['user'] })
export class HistoryUserShareAssociation {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => History, { deleteRule: 'cascade' })
  history!: History;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;
}
