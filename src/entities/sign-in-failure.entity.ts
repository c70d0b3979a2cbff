import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The columns of failed sign-in counts (not a table itself: the platform's `sign_in_failure`, the
 * depot's in its own schema). One row per key (`account:<email or name>`, `address:<client address>`):
 * the failures counted since the window started. Written only by raw statements
 * (src/services/sessions/sign-in-limiter.ts); rows of windows long over are swept.
 */
export abstract class SignInFailureRecord {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'datetime', length: 6 })
  windowStart!: Date;

  @Property({ type: 'integer' })
  failures!: number;
}

/** The platform's failed sign-in counts (the graph's `login`, `GET /api/authenticate/baseauth`). */
@Entity({ tableName: 'sign_in_failure' })
@Index({ properties: ['windowStart'] })
export class SignInFailure extends SignInFailureRecord {}
