import {
  getNamedType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isCompositeType,
  isScalarType,
  buildSchema,
} from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLongInputObjects, LONG_TEXT, type LongInputObjects } from '../support/long-input-fixtures';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { catHeadWorkflow } from '../support/workflow-helpers';

/**
 * Every mutation of the graph with a text argument, called by an administrator on real objects with
 * a long text (LONG_TEXT, 64 KB: past every limit a text meets) in each of its String arguments and String fields of its input objects (and in
 * the text fields of the JSON documents some take: a history's or a dataset's changes, a
 * visualization, a workflow): each answers an error of the contract's kinds or accepts the text,
 * never an internal error (a 5xx status, `InternalServerError`).
 */
let h: TestPlatform;
let o: LongInputObjects;
/** The committed SDL (a test keeps it equal to what the code builds): the mutations are known before any test runs. */
const schema = buildSchema(readFileSync(join(__dirname, '../../schema/schema.graphql'), 'utf8'));

beforeAll(async () => {
  // No tool data tables: removing an entry would rewrite the shipped sample files.
  h = await startTestPlatform({ TOOL_DATA_TABLE_CONFIG: '', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '100000' });
  o = await createLongInputObjects(h);
}, 120_000);
afterAll(() => h?.close());

/** Where a long text goes: a path of argument and field names (a number: a list's first item). */
type Target = Array<string | number>;

/** The real object an ID argument names, by its name and the mutation's. */
function idFor(mutation: string, name: string): string {
  const byName: Record<string, string> = {
    historyId: o.historyId,
    datasetId: o.datasetId,
    fromHdaId: o.datasetId,
    libraryId: o.libraryId,
    folderId: o.folderId,
    parentId: o.folderId,
    userId: o.user.id,
    groupId: o.groupId,
    roleId: o.roleId,
    workflowId: o.workflowId,
    pageId: o.pageId,
    requestId: o.requestId,
    sampleId: o.sampleId,
    requestTypeId: o.requestTypeId,
    requestFormId: o.formId,
    sampleFormId: o.sampleFormId,
    externalServiceId: o.externalServiceId,
  };
  if (name !== 'id') return byName[name] ?? 'f2db41e1fa331b3e';
  const byKind: Array<[RegExp, string]> = [
    [/LibraryDataset|LibraryContent|LibraryConversion/, o.libraryDatasetId],
    [/Collection/, o.collectionId],
    [/Dataset|Datatype/, o.datasetId],
    [/History|Sharing|shareWith/, o.historyId],
    [/Folder/, o.folderId],
    [/Library/, o.libraryId],
    [/Page/, o.pageId],
    [/Visualization/, o.visualizationId],
    [/Workflow/, o.workflowId],
    [/Group/, o.groupId],
    [/Role/, o.roleId],
    [/Quota/, o.quotaId],
    [/Form/, o.formId],
    [/Sample/, o.sampleId],
    [/Request/, o.requestId],
    [/User/, o.user.id],
  ];
  return byKind.find(([pattern]) => pattern.test(mutation))?.[1] ?? 'f2db41e1fa331b3e';
}

let counter = 0;

/** A text that lets a mutation go past the argument to the next: unique names, a valid email. */
function plausibleText(name: string): string {
  const n = (counter += 1);
  const known: Record<string, string> = { email: `swept${n}@example.org`, username: `swept${n}`, password: 'swept-password', slug: `swept-${n}`, amount: '1 GB', operation: '=' };
  return known[name] ?? `swept ${n}`;
}

/** JSON documents some mutations take whole: a plausible one, and the fields of it that hold text. */
function jsonDocument(mutation: string, name: string): { base: Record<string, unknown>; texts: string[] } {
  if (name === 'changes') return { base: {}, texts: ['name', 'annotation', 'genome_build', 'info', 'misc_info', 'slug', 'tags'] };
  if (name === 'workflow') return { base: catHeadWorkflow('swept'), texts: ['name', 'annotation'] };
  if (mutation === 'createVisualization' && name === 'input') return { base: { type: 'trackster', title: 'swept', dbkey: 'hg19' }, texts: ['type', 'title', 'dbkey', 'slug', 'annotation'] };
  if (mutation === 'updateVisualization' && name === 'input') return { base: { title: 'swept' }, texts: ['title', 'dbkey'] };
  return { base: {}, texts: [] };
}

/**
 * A value of the type with LONG_TEXT where `target` points (relative to this value), plausible
 * values elsewhere: undefined leaves an optional argument out.
 */
function valueOf(mutation: string, name: string, type: GraphQLInputType, target: Target | null): unknown {
  const required = isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const item = valueOf(mutation, name, inner.ofType, target && target[0] === 0 ? target.slice(1) : null);
    return item === undefined ? (required ? [] : undefined) : [item];
  }
  if (isInputObjectType(inner)) {
    if (!required && target === null) return undefined;
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      const fieldValue = valueOf(mutation, field.name, field.type, target && target[0] === field.name ? target.slice(1) : null);
      if (fieldValue !== undefined) value[field.name] = fieldValue;
    }
    return value;
  }
  if (isEnumType(inner)) return inner.getValues()[0].value;
  if (!isScalarType(inner)) return undefined;
  switch (inner.name) {
    case 'String':
      if (target !== null) return LONG_TEXT;
      // An optional text is left out: a plausible one (a datatype, a genome build) could be refused first.
      return required ? plausibleText(name) : undefined;
    case 'ID':
      return required || name.endsWith('Id') ? idFor(mutation, name) : undefined;
    case 'Boolean':
      return required ? false : undefined;
    case 'Int':
    case 'Float':
      return required ? 1 : undefined;
    case 'JSON':
    case 'JSONObject': {
      const { base } = jsonDocument(mutation, name);
      if (target !== null && typeof target[0] === 'string') return { ...base, [target[0]]: target[0] === 'tags' ? [LONG_TEXT] : LONG_TEXT };
      return required || Object.keys(base).length > 0 ? base : undefined;
    }
    default:
      return undefined;
  }
}

/** Every place a long text can go in an argument: String leaves, and the text fields of JSON documents. */
function targetsOf(mutation: string, name: string, type: GraphQLInputType, seen: Set<string> = new Set()): Target[] {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return targetsOf(mutation, name, inner.ofType, seen).map((target) => [0, ...target]);
  if (isInputObjectType(inner)) {
    if (seen.has(inner.name)) return [];
    const next = new Set(seen).add(inner.name);
    return Object.values(inner.getFields()).flatMap((field) => targetsOf(mutation, field.name, field.type, next).map((target) => [field.name, ...target]));
  }
  if (isScalarType(inner) && inner.name === 'String') return [[]];
  if (isScalarType(inner) && (inner.name === 'JSON' || inner.name === 'JSONObject')) return jsonDocument(mutation, name).texts.map((text) => [text]);
  return [];
}

/** The GraphQL type's text as a variable declaration. */
const typeText = (type: GraphQLInputType): string => type.toString();

function documentOf(field: GraphQLField<unknown, unknown>): string {
  const declarations = field.args.map((arg) => `$${arg.name}: ${typeText(arg.type)}`).join(', ');
  const passing = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `mutation${declarations ? ` (${declarations})` : ''} { ${field.name}${passing ? `(${passing})` : ''}${selection} }`;
}

/** Mutations with a text argument, and what each may not be given (it would end the administrator's key, or upload). */
function sweptMutations(): Array<[string, GraphQLField<unknown, unknown>]> {
  const fields = Object.values(schema.getMutationType()?.getFields() ?? {});
  const refusesUploads = (arg: GraphQLArgument) => getNamedType(arg.type).name === 'Upload' && isNonNullType(arg.type);
  return fields
    .filter((field) => !field.args.some(refusesUploads))
    .filter((field) => field.args.some((arg) => targetsOf(field.name, arg.name, arg.type).length > 0))
    .map((field) => [field.name, field]);
}

describe('a long text in any text argument of a mutation never answers an internal error', () => {
  it('finds the mutations to sweep (those taking text), the graph being what it is', () => {
    expect(sweptMutations().length).toBeGreaterThan(60);
  });

  it.each(sweptMutations())('%s', async (name, field) => {
    const document = documentOf(field);
    const failures: string[] = [];
    for (const arg of field.args) {
      for (const target of targetsOf(name, arg.name, arg.type)) {
        const variables: Record<string, unknown> = {};
        for (const other of field.args) {
          const value = valueOf(name, other.name, other.type, other === arg ? target : null);
          if (value !== undefined) variables[other.name] = value;
        }
        const res = await h.api.post('/graphql').set('x-api-key', h.admin.key).send({ query: document, variables });
        const internal = ((res.body?.errors ?? []) as Array<{ message: string; extensions?: { status?: number; code?: string } }>).filter(
          // NotImplemented (501) is a contract answer.
          (error) => error.extensions?.code !== 'NotImplemented' && ((error.extensions?.status ?? 0) >= 500 || error.extensions?.code === 'InternalServerError'),
        );
        if (res.status >= 500 || internal.length > 0) failures.push(`${res.status} ${[arg.name, ...target].join('.')}: ${JSON.stringify(internal.length ? internal : res.body).slice(0, 240)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
