import {
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLArgument,
  type GraphQLDirective,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isWrappingType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** The parts of a request a walk of its document reads. */
export interface DocumentValues {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Readonly<Record<string, unknown>> | null | undefined;
  operation: OperationDefinitionNode;
}

/** Sizes of introspection selections already counted (by the schema object they were counted on), and the counting done. */
export interface IntrospectionSizes {
  known: Map<SelectionSetNode, Map<unknown, number>>;
  /** Values counted one by one so far (each is a value of the answer, so once past `limit` the answer is too). */
  counted: number;
  limit: number;
}

export const introspectionSizes = (limit: number): IntrospectionSizes => ({ known: new Map(), counted: 0, limit });

/** Thrown once more values were counted than the limit allows: the answer is larger still. */
class Overrun extends Error {}

/** `__schema` or `__type` on the query root. */
export function isIntrospectionRoot(schema: GraphQLSchema, parent: GraphQLObjectType, node: FieldNode): boolean {
  return parent === schema.getQueryType() && (node.name.value === '__schema' || node.name.value === '__type');
}

/**
 * The exact number of values `__schema { … }` or `__type(name:) { … }` answers (a list of names
 * counts as its items), read off the schema without building the answer: each selection is counted
 * once per schema object it applies to, so a selection that turns in circles (`fields { type {
 * fields { type … } } }`) costs its true, multiplying size, and counting it costs little. Counting
 * stops (Infinity) once it went past the sizes' limit.
 */
export function introspectionSize(values: DocumentValues, sizes: IntrospectionSizes, node: FieldNode): number {
  const schemaRoot = node.name.value === '__schema';
  const root = schemaRoot ? values.schema : (values.schema.getType(typeNameArgument(values, node)) ?? null);
  if (!root || !node.selectionSet) return 1;
  try {
    return 1 + objectSize(values, sizes, node.selectionSet, root, schemaRoot ? '__Schema' : '__Type');
  } catch (error) {
    if (error instanceof Overrun) return Number.POSITIVE_INFINITY;
    throw error;
  }
}

function typeNameArgument(values: DocumentValues, node: FieldNode): string {
  const value = node.arguments?.find((argument) => argument.name.value === 'name')?.value;
  if (value?.kind === Kind.STRING) return value.value;
  const given = value?.kind === Kind.VARIABLE ? values.variables?.[value.name.value] : undefined;
  return typeof given === 'string' ? given : '';
}

function objectSize(values: DocumentValues, sizes: IntrospectionSizes, selectionSet: SelectionSetNode, source: object, typeName: string): number {
  let known = sizes.known.get(selectionSet);
  const size = known?.get(source);
  if (size !== undefined) return size;
  if (!known) sizes.known.set(selectionSet, (known = new Map()));
  // While it is counted it counts nothing: a fragment that spreads itself (another rule's error) ends here.
  known.set(source, 0);
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      total += fieldSize(values, sizes, selection, source, typeName);
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : values.fragments.get(selection.name.value);
      if (fragment && (!fragment.typeCondition || fragment.typeCondition.name.value === typeName)) total += objectSize(values, sizes, fragment.selectionSet, source, typeName);
    }
  }
  known.set(source, total);
  return total;
}

function fieldSize(values: DocumentValues, sizes: IntrospectionSizes, node: FieldNode, source: object, typeName: string): number {
  const type = values.schema.getType(typeName);
  const field = type && isObjectType(type) ? type.getFields()[node.name.value] : undefined;
  const value = field ? valueOf(values.schema, typeName, node.name.value, source) : undefined;
  // `__typename`, a name, a flag, a description: one value.
  if (!field || value === undefined || value === null) return 1;
  const childType = getNamedType(field.type).name;
  const sizeOf = (item: unknown): number => {
    if ((sizes.counted += 1) > sizes.limit) throw new Overrun();
    return 1 + (node.selectionSet && typeof item === 'object' && item !== null ? objectSize(values, sizes, node.selectionSet, item, childType) : 0);
  };
  if (!isListType(isNonNullType(field.type) ? field.type.ofType : field.type)) return sizeOf(value);
  let total = 0;
  for (const item of Array.isArray(value) ? value : []) total += sizeOf(item);
  return Math.max(1, total);
}

/** What an introspection field holds that has items or fields of its own (undefined: a leaf). */
function valueOf(schema: GraphQLSchema, typeName: string, fieldName: string, source: object): unknown {
  switch (typeName) {
    case '__Schema':
      if (fieldName === 'types') return Object.values(schema.getTypeMap());
      if (fieldName === 'queryType') return schema.getQueryType() ?? null;
      if (fieldName === 'mutationType') return schema.getMutationType() ?? null;
      if (fieldName === 'subscriptionType') return schema.getSubscriptionType() ?? null;
      if (fieldName === 'directives') return schema.getDirectives();
      return undefined;
    case '__Type':
      return typeValue(schema, source as GraphQLType, fieldName);
    case '__Field':
      if (fieldName === 'args') return (source as GraphQLField<unknown, unknown>).args;
      if (fieldName === 'type') return (source as GraphQLField<unknown, unknown>).type;
      return undefined;
    case '__InputValue':
      return fieldName === 'type' ? (source as GraphQLArgument | GraphQLInputField).type : undefined;
    case '__Directive':
      if (fieldName === 'args') return (source as GraphQLDirective).args;
      if (fieldName === 'locations') return (source as GraphQLDirective).locations;
      return undefined;
    default:
      return undefined;
  }
}

/** A type's lists and links as `__Type` answers them (deprecated members included: an upper bound). */
function typeValue(schema: GraphQLSchema, type: GraphQLType, fieldName: string): unknown {
  switch (fieldName) {
    case 'fields':
      return isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()) : null;
    case 'interfaces':
      return isObjectType(type) || isInterfaceType(type) ? type.getInterfaces() : null;
    case 'possibleTypes':
      return isAbstractType(type) ? schema.getPossibleTypes(type) : null;
    case 'enumValues':
      return isEnumType(type) ? type.getValues() : null;
    case 'inputFields':
      return isInputObjectType(type) ? Object.values(type.getFields()) : null;
    case 'ofType':
      return isWrappingType(type) ? type.ofType : null;
    default:
      return undefined;
  }
}
