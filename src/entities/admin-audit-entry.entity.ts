import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One administrative action on record (src/services/audit-log): who (the actor's id and email as they
 * were, so the entry outlives the actor's deletion and purge: no foreign key), what (`action`, e.g.
 * `user.reset_password`), on what (`targetType`, `targetId` as the client named it, `targetLabel`),
 * when, from which address, and the arguments given (secrets left out). Written only by raw
 * statements; never updated.
 */
@Entity({ tableName: 'admin_audit_entry' })
@Index({ properties: ['createTime', 'id'] })
@Index({ properties: ['action', 'createTime'] })
export class AdminAuditEntry {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'datetime', length: 6, defaultRaw: 'now()' })
  createTime!: Date;

  @Property({ type: 'integer', nullable: true })
  actorId?: number | null;

  /** The actor's email then; `master API key` for the operator's key. */
  @Property({ type: 'text' })
  actorEmail!: string;

  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text', nullable: true })
  targetType?: string | null;

  @Property({ type: 'text', nullable: true })
  targetId?: string | null;

  @Property({ type: 'text', nullable: true })
  targetLabel?: string | null;

  @Property({ type: 'json', defaultRaw: `'{}'::jsonb` })
  details!: Record<string, unknown>;

  @Property({ type: 'text', nullable: true })
  clientAddress?: string | null;
}
