import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isAbstractType,
  isCompositeType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { type DocumentValues, type IntrospectionSizes, introspectionSize, introspectionSizes, isIntrospectionRoot } from './introspection-size';

/**
 * The largest estimated size of an operation's answer (values it resolves): some tens of megabytes
 * of answer at most. The web UI's costliest documents estimate under 60,000 (a workflow run's steps,
 * jobs and outputs; a history page of 1,000 items), administrators' GraphiQL schema query about
 * 22,000 (test/unit/graphql/query-cost.test.ts). Three nested lists of unknown size with some twenty
 * fields in the innermost pass (20^3 items); four do not.
 */
export const MAX_QUERY_COST = 200_000;

/**
 * The items a list is taken to hold when nothing says how many it holds: the size of a user's
 * lists is unknown before they are read, and a document nesting lists (histories, each history's
 * contents, each item's jobs …) multiplies this.
 */
export const DEFAULT_LIST_SIZE = 20;

/** Arguments that say how many items a list field answers (or the lists directly inside the object it answers: `edges`, `items`, `lines`). */
export const SIZE_ARGUMENTS: ReadonlySet<string> = new Set(['first', 'last', 'limit', 'pageSize']);

/**
 * Fields that lead from a node of a tree to its children (`Type.field` -> the tree): a tool's
 * inputs (conditionals' cases, repeats' and sections' inputs), a collection's elements (each
 * element's child collection, its elements) and a library's folders (its root folder, each folder's
 * subfolders). Each rank of a tree holds at most the whole tree, so the first list of a tree counts
 * its size and the lists of the same tree nested in it count each item once more, not a size again;
 * objects of the same type below one another in a tree are new ones, not a way around the graph;
 * any other field between them starts over.
 */
export const TREE_FIELDS: ReadonlyMap<string, string> = new Map([
  ['Tool.inputs', 'tool inputs'],
  ['WorkflowRunStep.toolInputs', 'tool inputs'],
  ['ConditionalToolInput.cases', 'tool inputs'],
  ['ConditionalToolInput.test', 'tool inputs'],
  ['ToolConditionalCase.inputs', 'tool inputs'],
  ['RepeatToolInput.inputs', 'tool inputs'],
  ['SectionToolInput.inputs', 'tool inputs'],
  ['HistoryDatasetCollection.elements', 'collection'],
  ['HistoryDatasetCollection.collection', 'collection'],
  ['DatasetCollection.elements', 'collection'],
  ['CollectionElement.collection', 'collection'],
  ['Job.parameters', 'job parameters'],
  ['JobParameter.children', 'job parameters'],
  ['Library.rootFolder', 'library folders'],
  ['LibraryFolder.children', 'library folders'],
]);

interface Walk extends DocumentValues {
  /** Costs of selection sets already walked, by where they were walked (see Place). */
  costs: Map<SelectionSetNode, Map<string, number>>;
  introspection: IntrospectionSizes;
  /** The first list found going around the graph's relations (see operationCost), if any. */
  revisit: string | null;
}

/** Where a selection set is walked. */
interface Place {
  /** The size the lists directly in it inherit (from their parent's `first`). */
  inherited: number | undefined;
  /** The tree it lies in (reached through that tree's fields only), and whether a list of it is above (see TREE_FIELDS). */
  tree: { name: string; counted: boolean } | undefined;
  /** The object types reached inside a list above it, sorted (null when no list is above it). */
  listed: readonly string[] | null;
}

const TOP: Place = { inherited: undefined, tree: undefined, listed: null };

export interface OperationCost {
  /** The estimated number of values of the answer. */
  cost: number;
  /**
   * A list of objects of a type already reached inside a list above it, outside a tree
   * (`Type.field`): its size has no estimate, and the document is refused.
   */
  revisit: string | null;
}

/**
 * The estimated size of one operation's answer: every field selected counts one for each object it
 * is resolved on; a list multiplies what is selected in it by its size: its own `first`/`limit`-like
 * argument (given, from a variable, or its default), else the size argument of the field whose
 * object holds it (a connection's `first` sizes its `edges`), else DEFAULT_LIST_SIZE (see
 * TREE_FIELDS for lists within a tree). A value of an abstract type costs what its costliest
 * concrete type selects. Introspection is counted exactly (the schema is at hand).
 *
 * Going around the graph's relations (a history's contents' history's contents; a user's groups'
 * users' groups) repeats a list of the same objects inside itself: the real size is the product of
 * sizes no estimate knows (a history of 10,000 items asked for 10,000 times), so such a list is
 * reported in `revisit` instead of being estimated.
 *
 * Each selection set is walked once per object type and place, so the walk stays linear in the
 * document's size (the depth limit bounds the places).
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: DocumentValues['variables']): OperationCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const root = schema.getRootType(operation.operation);
  if (!root) return { cost: 0, revisit: null };
  const walk: Walk = { schema, fragments, variables, operation, costs: new Map(), introspection: introspectionSizes(MAX_QUERY_COST), revisit: null };
  const cost = selectionCost(walk, operation.selectionSet, root, TOP);
  return { cost, revisit: walk.revisit };
}

/** What a selection set costs on one object of a concrete type. */
function selectionCost(walk: Walk, selectionSet: SelectionSetNode, type: GraphQLObjectType, place: Place): number {
  const key = `${type.name}/${place.inherited ?? ''}/${place.tree ? `${place.tree.name}:${place.tree.counted}` : ''}/${place.listed?.join(',') ?? '-'}`;
  let known = walk.costs.get(selectionSet);
  const cost = known?.get(key);
  if (cost !== undefined) return cost;
  if (!known) walk.costs.set(selectionSet, (known = new Map()));
  // While it is walked it counts nothing: a fragment that spreads itself (another rule's error) ends here.
  known.set(key, 0);
  let total = 0;
  // As graphql collects fields, a fragment spread twice in one selection adds its fields once.
  const spread = new Set<string>();
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      total += fieldCost(walk, selection, type, place);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selection.typeCondition || applies(walk, selection.typeCondition.name.value, type)) total += selectionCost(walk, selection.selectionSet, type, place);
    } else if (!spread.has(selection.name.value)) {
      spread.add(selection.name.value);
      const fragment = walk.fragments.get(selection.name.value);
      if (fragment && applies(walk, fragment.typeCondition.name.value, type)) total += selectionCost(walk, fragment.selectionSet, type, place);
    }
  }
  known.set(key, total);
  return total;
}

/** Whether a fragment on `condition` applies to an object of `type`. */
function applies(walk: Walk, condition: string, type: GraphQLObjectType): boolean {
  if (condition === type.name) return true;
  const conditionType = walk.schema.getType(condition);
  return conditionType !== undefined && isAbstractType(conditionType) && walk.schema.isSubType(conditionType, type);
}

function fieldCost(walk: Walk, node: FieldNode, parent: GraphQLObjectType, place: Place): number {
  if (isIntrospectionRoot(walk.schema, parent, node)) return introspectionSize(walk, walk.introspection, node);
  const field: GraphQLField<unknown, unknown> | undefined = parent.getFields()[node.name.value];
  // `__typename`, or a field the schema lacks (the validation's error): one value.
  if (!field) return 1;
  const size = sizeArgument(walk, node, field);
  const fieldName = `${parent.name}.${node.name.value}`;
  const tree = TREE_FIELDS.get(fieldName);
  const withinTree = tree !== undefined && tree === place.tree?.name;
  const counted = withinTree && place.tree?.counted === true;
  let type: GraphQLOutputType = field.type;
  let count = 1;
  let lists = 0;
  for (;;) {
    if (isNonNullType(type)) type = type.ofType;
    else if (isListType(type)) {
      // The outermost list takes the size asked for; lists of lists hold the default each.
      if (lists > 0) count *= DEFAULT_LIST_SIZE;
      else if (!counted) count *= size ?? place.inherited ?? DEFAULT_LIST_SIZE;
      lists += 1;
      type = type.ofType;
    } else break;
  }
  const named = getNamedType(type);
  if (!node.selectionSet || !isCompositeType(named)) return count;
  const objectTypes = isObjectType(named) ? [named] : walk.schema.getPossibleTypes(named);
  let costliest = 0;
  for (const objectType of objectTypes) {
    if (lists > 0 && !withinTree && place.listed?.includes(objectType.name)) walk.revisit ??= fieldName;
    const below: Place = {
      // A size argument on a field that is not a list sizes the lists of the object it answers.
      inherited: lists === 0 ? size : undefined,
      // Below a list of a tree its further lists count no size again; a link of the tree (a library's root folder) leads into it.
      tree: tree === undefined ? undefined : { name: tree, counted: counted || lists > 0 },
      listed: lists > 0 || place.listed ? withType(place.listed, objectType.name) : null,
    };
    costliest = Math.max(costliest, selectionCost(walk, node.selectionSet, objectType, below));
  }
  return count * (1 + costliest);
}

function withType(listed: readonly string[] | null, name: string): readonly string[] {
  if (!listed) return [name];
  return listed.includes(name) ? listed : [...listed, name].sort();
}

/** The largest size argument of a field as this request gives it (a literal, a variable, or a default), if any. */
function sizeArgument(walk: Walk, node: FieldNode, field: GraphQLField<unknown, unknown>): number | undefined {
  let size: number | undefined;
  for (const argument of field.args) {
    if (!SIZE_ARGUMENTS.has(argument.name)) continue;
    const given = node.arguments?.find((candidate) => candidate.name.value === argument.name);
    const count = countOf(given ? intValue(walk, given.value) : argument.defaultValue);
    if (count !== undefined) size = Math.max(size ?? 0, count);
  }
  return size;
}

function intValue(walk: Walk, value: ValueNode): unknown {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind !== Kind.VARIABLE) return undefined;
  const name = value.name.value;
  if (walk.variables && Object.hasOwn(walk.variables, name)) return walk.variables[name];
  const declared = walk.operation.variableDefinitions?.find((definition) => definition.variable.name.value === name)?.defaultValue;
  return declared?.kind === Kind.INT ? Number(declared.value) : undefined;
}

/** A size the resolver would accept the shape of; anything else is left to the default (and the resolver's refusal). */
function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
