import type { ServiceContext } from '../../../context/service-context';
import { sql } from '../../../db/sql/sql-statement';
import { heldRolesCte, requestTypeAccessibleSql } from '../../permissions';

/** What the graph reads of a request type. */
export interface RequestTypeView {
  id: number;
  name: string;
  desc: string;
  requestFormId: number;
  sampleFormId: number;
  runDetailsFormId: number | null;
  deleted: boolean;
  createTime: Date;
  updateTime: Date;
}

export interface SampleStateView {
  id: number;
  requestTypeId: number;
  name: string;
  desc: string;
}

export interface ExternalServiceView {
  id: number;
  name: string;
  description: string;
  externalServiceTypeId: string;
  version: string | null;
  deleted: boolean;
}

const COLUMNS = `t.id, t.name, t."desc", t.request_form_id as "requestFormId", t.sample_form_id as "sampleFormId",
  t.run_details_form_id as "runDetailsFormId", t.deleted, t.create_time as "createTime", t.update_time as "updateTime"`;

/** The types the caller ($1, a user id or null) may access, by name (the platform's order). */
const ACCESSIBLE = sql<RequestTypeView>(
  'request_types_accessible',
  `with ${heldRolesCte('$1')}
   select ${COLUMNS} from request_type t
   where not t.deleted and ${requestTypeAccessibleSql('t.id')}
   order by t.name, t.id`,
);

/** One type and whether the caller ($2) may access it. */
const BY_ID = sql<RequestTypeView & { accessible: boolean }>(
  'request_type_by_id',
  `with ${heldRolesCte('$2')}
   select ${COLUMNS}, ${requestTypeAccessibleSql('t.id')} as accessible from request_type t where t.id = $1`,
);

const BY_IDS = sql<RequestTypeView>('request_types_by_ids', `select ${COLUMNS} from request_type t where t.id = any($1::int[])`);

const STATES = sql<SampleStateView>(
  'sample_states_of_types',
  `select s.id, s.request_type_id as "requestTypeId", s.name, s."desc" from sample_state s where s.request_type_id = any($1::int[]) order by s.id`,
);

const SERVICE_COLUMNS = `e.id, e.name, e.description, e.external_service_type_id as "externalServiceTypeId", e.version, e.deleted`;

const SERVICES_OF_TYPES = sql<ExternalServiceView & { requestTypeId: number }>(
  'external_services_of_types',
  `select a.request_type_id as "requestTypeId", ${SERVICE_COLUMNS}
   from request_type_external_service_association a join external_service e on e.id = a.external_service_id
   where a.request_type_id = any($1::int[]) order by a.id`,
);

const SERVICES_LISTED = sql<ExternalServiceView>('external_services_listed', `select ${SERVICE_COLUMNS} from external_service e where not e.deleted order by e.id`);
const SERVICE_BY_ID = sql<ExternalServiceView>('external_service_by_id', `select ${SERVICE_COLUMNS} from external_service e where e.id = $1`);

export function listAccessibleRequestTypes(ctx: ServiceContext): Promise<RequestTypeView[]> {
  return ctx.rows(ACCESSIBLE, [ctx.caller.userId]);
}

export function readRequestTypeFor(ctx: ServiceContext, id: number): Promise<(RequestTypeView & { accessible: boolean }) | null> {
  return ctx.one(BY_ID, [id, ctx.caller.userId]);
}

export function readRequestTypes(ctx: ServiceContext, ids: readonly number[]): Promise<RequestTypeView[]> {
  return ctx.rows(BY_IDS, [ids]);
}

export function readSampleStates(ctx: ServiceContext, requestTypeIds: readonly number[]): Promise<SampleStateView[]> {
  return ctx.rows(STATES, [requestTypeIds]);
}

export function readServicesOfTypes(ctx: ServiceContext, requestTypeIds: readonly number[]): Promise<Array<ExternalServiceView & { requestTypeId: number }>> {
  return ctx.rows(SERVICES_OF_TYPES, [requestTypeIds]);
}

export function listExternalServices(ctx: ServiceContext): Promise<ExternalServiceView[]> {
  return ctx.rows(SERVICES_LISTED, []);
}

export function readExternalService(ctx: ServiceContext, id: number): Promise<ExternalServiceView | null> {
  return ctx.one(SERVICE_BY_ID, [id]);
}
