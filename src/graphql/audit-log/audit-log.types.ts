import { JSONObjectScalar } from '../shared/scalars';
import { Field, ObjectType } from 'type-graphql';
import type { AuditEntryView } from '../../services/audit-log';
import { PageInfo } from '../collections/history-items-page.types';

@ObjectType('AdminAuditEntry', { description: 'One administrative action on record.' })
export class AdminAuditEntryType {
  @Field(() => String, { description: 'When (UTC, ISO 8601).' })
  createTime!: string;

  @Field(() => String, { description: "The actor's email when they acted (`master API key` for the operator's key)." })
  actorEmail!: string;

  @Field(() => String, { description: '`<area>.<verb>`, e.g. `user.reset_password`.' })
  action!: string;

  @Field(() => String, { nullable: true })
  targetType!: string | null;

  @Field(() => String, { nullable: true, description: 'The id as the client named it.' })
  targetId!: string | null;

  @Field(() => String, { nullable: true })
  targetLabel!: string | null;

  @Field(() => JSONObjectScalar, { description: 'The arguments given, secrets hidden.' })
  details!: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  clientAddress!: string | null;
}

@ObjectType()
export class AdminAuditEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => AdminAuditEntryType)
  node!: AuditEntryView;
}

@ObjectType({ description: 'A page of the audit log, newest first.' })
export class AdminAuditConnection {
  @Field(() => [AdminAuditEdge])
  edges!: AdminAuditEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
