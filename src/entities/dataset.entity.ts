import { Entity, Index, Property, type Opt } from '@mikro-orm/core';
import { BigIntType } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

export const DATASET_STATES = ['new', 'upload', 'queued', 'running', 'ok', 'empty', 'error', 'discarded', 'paused', 'setting_metadata', 'failed_metadata'] as const;
export type DatasetState = (typeof DATASET_STATES)[number];

/**
 * A file and its state. History and library datasets point at one; copies share it, so the file is
 * removed only when nothing that is not purged points at it any more.
 */
@Entity({ tableName: 'dataset' })
@Index({ properties: ['state'] })
export class Dataset extends BaseEntity {
  @Property({ type: 'string', length: 64 })
  state: DatasetState & Opt = 'new';

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purgable: boolean & Opt = true;

  @Property({ type: new BigIntType('number'), columnType: 'bigint', nullable: true })
  fileSize: number | null = null;

  /** A file registered in place (library link_to_files) instead of copied into the object store. */
  @Property({ type: 'text', nullable: true })
  externalFilename: string | null = null;

  /** The `file_path` of a 15.05 installation the dataset was carried over from, when its file stayed there. */
  @Property({ type: 'text', nullable: true })
  fileRoot: (string & Opt) | null = null;

  /** The 15.05 `_extra_files_path` of a carried-over dataset, when it was set. */
  @Property({ type: 'text', nullable: true })
  extraFilesPath: (string & Opt) | null = null;

  @Property({ type: 'uuid' })
  uuid!: string;
}
