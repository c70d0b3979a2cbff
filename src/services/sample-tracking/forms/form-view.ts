import type { ServiceContext } from '../../../context/service-context';
import { sql } from '../../../db/sql/sql-statement';
import type { FormField } from '../../../entities/form-definition.entity';

/** What the graph reads of a form definition (one version of a form). */
export interface FormView {
  id: number;
  name: string;
  desc: string;
  type: string;
  formDefinitionCurrentId: number;
  /** The newest version of this form (this one, unless it was edited since). */
  latestFormId: number | null;
  fields: FormField[];
  layout: string[];
  createTime: Date;
  updateTime: Date;
}

const COLUMNS = `f.id, f.name, f."desc", f.type, f.form_definition_current_id as "formDefinitionCurrentId",
  c.latest_form_id as "latestFormId", f.fields, f.layout, f.create_time as "createTime", f.update_time as "updateTime"`;
const FROM = 'form_definition f join form_definition_current c on c.id = f.form_definition_current_id';

/** Every version of every form, oldest first (the platform lists them all). */
const LISTED = sql<FormView>('forms_listed', `select ${COLUMNS} from ${FROM} order by f.id`);
const BY_IDS = sql<FormView>('forms_by_ids', `select ${COLUMNS} from ${FROM} where f.id = any($1::int[])`);
const VERSIONS = sql<FormView>('form_versions', `select ${COLUMNS} from ${FROM} where f.form_definition_current_id = any($1::int[]) order by f.id`);

export function listForms(ctx: ServiceContext): Promise<FormView[]> {
  return ctx.rows(LISTED, []);
}

export function readForms(ctx: ServiceContext, ids: readonly number[]): Promise<FormView[]> {
  return ctx.rows(BY_IDS, [ids]);
}

export async function readForm(ctx: ServiceContext, id: number): Promise<FormView | null> {
  return (await readForms(ctx, [id]))[0] ?? null;
}

/** The versions of the forms under these current pointers, oldest first. */
export function readFormVersions(ctx: ServiceContext, currentIds: readonly number[]): Promise<FormView[]> {
  return ctx.rows(VERSIONS, [currentIds]);
}
