import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';

/** A user's published-or-private HTML page; its content lives in revisions, the newest one is shown. */
@Entity({ tableName: 'page' })
@Index({ properties: ['user', 'deleted'] })
// Partial: listings read the few published pages of other users.
@Index({ name: 'page_published_index', expression: 'create index "page_published_index" on "page" ("published") where "published"' })
export class Page extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'text' })
  title!: string;

  /** Unique per user among non-deleted pages (checked by the service, as the platform does). */
  @Property({ type: 'string', length: 255 })
  slug!: string;

  @Property({ type: 'boolean' })
  importable: boolean & Opt = false;

  @Property({ type: 'boolean' })
  published: boolean & Opt = false;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'text', nullable: true })
  annotation: string | null = null;

  /** Set once the first revision exists (a page and its revisions refer to each other). */
  @ManyToOne(() => PageRevision, { nullable: true, deleteRule: 'set null' })
  latestRevision: PageRevision | null = null;
}

@Entity({ tableName: 'page_revision' })
@Index({ properties: ['page'] })
export class PageRevision extends BaseEntity {
  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  page!: Page;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  content: string & Opt = '';
}

/** A page shared with one user (for the coming sharing model; no routes yet). */
@Entity({ tableName: 'page_user_share_association' })
@Unique({ properties: ['page', 'user'] })
@Index({ properties: ['user'] })
export class PageUserShareAssociation {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  page!: Page;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;
}
