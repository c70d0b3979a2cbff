import { Entity, Index, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { Library } from './library.entity';

/**
 * A folder of a library. Every folder records its library (not only the root), so that a whole
 * library's tree is one indexed query.
 */
@Entity({ tableName: 'library_folder' })
@Index({ properties: ['library', 'parent'] })
@Index({ properties: ['parent'] })
export class LibraryFolder extends BaseEntity {
  @ManyToOne(() => Library, { deleteRule: 'cascade' })
  library!: Library;

  /** Null for the root folder. */
  @ManyToOne(() => LibraryFolder, { nullable: true, deleteRule: 'cascade' })
  parent: LibraryFolder | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'string', length: 255, nullable: true })
  genomeBuild: string | null = null;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;
}
