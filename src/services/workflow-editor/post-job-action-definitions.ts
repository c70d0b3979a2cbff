/** One argument of a post-job action, as the editor shows it. */
export interface PostJobActionField {
  name: string;
  label: string;
  /** text, datatype or columns (ColumnSetAction's column names). */
  kind: 'text' | 'datatype' | 'column';
  help: string | null;
}

/** A post-job action 15.05's editor offers on a tool step's output. */
export interface PostJobActionDefinition {
  actionType: string;
  label: string;
  /** Whether it applies to the whole step rather than one output. */
  perStep: boolean;
  fields: PostJobActionField[];
}

const field = (name: string, label: string, kind: PostJobActionField['kind'] = 'text', help: string | null = null): PostJobActionField => ({ name, label, kind, help });

/** The post-job actions of release 15.05's workflow editor with their arguments. */
export const POST_JOB_ACTION_DEFINITIONS: readonly PostJobActionDefinition[] = [
  { actionType: 'RenameDatasetAction', label: 'Rename dataset', perStep: false, fields: [field('newname', 'New output name', 'text', 'May use #{input_name} to insert an input\'s name.')] },
  { actionType: 'HideDatasetAction', label: 'Hide dataset', perStep: false, fields: [] },
  { actionType: 'ChangeDatatypeAction', label: 'Change datatype', perStep: false, fields: [field('newtype', 'New datatype', 'datatype')] },
  { actionType: 'TagDatasetAction', label: 'Add tags', perStep: false, fields: [field('tags', 'Tags', 'text', 'Comma separated, e.g. group:sample,name.')] },
  { actionType: 'DeleteIntermediatesAction', label: 'Delete intermediate outputs', perStep: true, fields: [] },
  {
    actionType: 'ColumnSetAction',
    label: 'Assign columns',
    perStep: false,
    fields: [field('chromCol', 'Chrom column', 'column'), field('startCol', 'Start column', 'column'), field('endCol', 'End column', 'column'), field('strandCol', 'Strand column', 'column'), field('nameCol', 'Name column', 'column')],
  },
];
