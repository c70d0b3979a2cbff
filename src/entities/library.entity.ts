import { Entity, Index, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import type { LibraryFolder } from './library-folder.entity';

/** A data library: a tree of folders holding library datasets, shared under role permissions. */
@Entity({ tableName: 'library' })
@Index({ properties: ['deleted', 'name'] })
export class Library extends BaseEntity {
  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'text' })
  synopsis: string & Opt = '';

  /** Set right after creation (the root folder needs the library's id). */
  @ManyToOne({ entity: 'LibraryFolder', nullable: true, deleteRule: 'set null' })
  rootFolder: LibraryFolder | null = null;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;
}
