import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../entities/base.entity';
import { SignInFailureRecord } from '../../entities/sign-in-failure.entity';
import { DEPOT_SCHEMA } from './depot-schema';

/** A depot account: authors publish repositories under their public username. */
@Entity({ tableName: 'galaxy_user', schema: DEPOT_SCHEMA })
export class DepotUser extends BaseEntity {
  @Property({ type: 'string', length: 255, unique: true })
  email!: string;

  /** The public name repositories are published under (`/repos/<username>/<name>`). */
  @Property({ type: 'string', length: 255, unique: true })
  username!: string;

  /** A bcrypt hash, never the password itself. */
  @Property({ type: 'string', length: 255, nullable: true, hidden: true })
  password: string | null = null;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;
}

/** Every key a depot user was given; only the newest one is valid. */
@Entity({ tableName: 'api_keys', schema: DEPOT_SCHEMA })
@Index({ properties: ['user', 'createTime'] })
export class DepotApiKey {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'datetime', length: 6 })
  createTime: Date & Opt = new Date();

  @ManyToOne(() => DepotUser, { deleteRule: 'cascade' })
  user!: DepotUser;

  @Property({ type: 'string', length: 32, unique: true })
  key!: string;
}

/** A browser session of the depot (cookie `galaxycommunitysession`). */
@Entity({ tableName: 'galaxy_session', schema: DEPOT_SCHEMA })
export class DepotSession extends BaseEntity {
  @ManyToOne(() => DepotUser, { nullable: true, deleteRule: 'cascade' })
  user: DepotUser | null = null;

  @Property({ type: 'string', length: 255, unique: true })
  sessionKey!: string;

  @Property({ type: 'boolean' })
  isValid: boolean & Opt = true;
}

/** The depot's failed sign-in counts (its baseauth and `login`), in its own schema. */
@Entity({ tableName: 'sign_in_failure', schema: DEPOT_SCHEMA })
@Index({ properties: ['windowStart'] })
export class DepotSignInFailure extends SignInFailureRecord {}
