import { Entity, Index, JsonType, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { RequestType } from './request-type.entity';
import { User } from './user.entity';

/**
 * The platform's request states (model `Request.states`): NEW, SUBMITTED, REJECTED, COMPLETE. The
 * submitted state's value is 'In Progress', as the platform spells it.
 */
export const REQUEST_STATES = { new: 'New', submitted: 'In Progress', rejected: 'Rejected', complete: 'Complete' } as const;
export type RequestState = (typeof REQUEST_STATES)[keyof typeof REQUEST_STATES];

/** A user's sequencing request: the request form's values; its state is its latest event's. */
@Entity({ tableName: 'request' })
@Index({ properties: ['user', 'deleted'] })
@Index({ properties: ['requestType'] })
export class Request extends BaseEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', fieldName: 'desc' })
  desc: string & Opt = '';

  /** The request form's values, by field name. */
  @Property({ type: JsonType })
  values: Record<string, unknown> & Opt = {};

  @ManyToOne(() => RequestType, { deleteRule: 'restrict' })
  requestType!: RequestType;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}

/** A state a request entered, with why; the newest is the request's state. */
@Entity({ tableName: 'request_event' })
@Index({ properties: ['request', 'id'] })
export class RequestEvent extends BaseEntity {
  @ManyToOne(() => Request, { deleteRule: 'cascade' })
  request!: Request;

  @Property({ type: 'text' })
  state!: string;

  @Property({ type: 'text' })
  comment: string & Opt = '';
}
