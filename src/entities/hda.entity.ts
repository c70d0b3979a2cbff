import { Entity, Index, JsonType, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { Dataset } from './dataset.entity';
import { History } from './history.entity';

export type DatasetMetadata = Record<string, unknown>;

/** A dataset placed in a history (the platform's HistoryDatasetAssociation). */
@Entity({ tableName: 'history_dataset_association' })
@Index({ properties: ['history', 'hid'] })
@Index({ properties: ['dataset'] })
@Index({ properties: ['history', 'deleted', 'hid'] })
@Index({ properties: ['history', 'visible', 'hid'] })
export class HistoryDatasetAssociation extends BaseEntity {
  @ManyToOne(() => History, { deleteRule: 'cascade' })
  history!: History;

  @ManyToOne(() => Dataset)
  dataset!: Dataset;

  @Property({ type: 'integer' })
  hid!: number;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  info: string | null = null;

  @Property({ type: 'text', nullable: true })
  blurb: string | null = null;

  @Property({ type: 'text', nullable: true })
  peek: string | null = null;

  @Property({ type: 'string', length: 64 })
  extension: string & Opt = 'data';

  @Property({ type: 'string', length: 64 })
  dbkey: string & Opt = '?';

  @Property({ type: JsonType })
  metadata: DatasetMetadata & Opt = {};

  @Property({ type: 'boolean' })
  visible: boolean & Opt = true;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;

  @Property({ type: 'text', nullable: true })
  annotation: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  toolVersion: string | null = null;

  @Property({ type: 'integer', nullable: true })
  copiedFromHdaId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  copiedFromLddaId: number | null = null;
}
