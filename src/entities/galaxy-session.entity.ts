import { Entity, Index, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';

/** Browser sessions, shared by every server process through the database. */
@Entity({ tableName: 'galaxy_session' })
@Index({ properties: ['user'] })
export class GalaxySession extends BaseEntity {
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user: User | null = null;

  /** 32 hex characters; the cookie carries its encoded form. */
  @Property({ type: 'string', length: 32, unique: true })
  sessionKey!: string;

  @Property({ type: 'boolean' })
  isValid: boolean & Opt = true;

  @Property({ type: 'string', length: 255, nullable: true })
  remoteAddr: string | null = null;

  /** The anonymous or logged-in caller's current history (set by the histories area). */
  @Property({ type: 'integer', nullable: true })
  currentHistoryId: number | null = null;
}
