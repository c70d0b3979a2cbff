import { GraphQLObjectType, GraphQLScalarType, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

/**
 * The resolver classes' instances, one per class, found by a map (type-graphql's default container
 * looks each one up in a list on every call). Given to `buildSchema` as its container, and used by
 * the direct resolvers below, so both call the same instances.
 */
export class ResolverInstances {
  private readonly instances = new Map<unknown, object>();

  get(resolverClass: new () => object): object {
    let instance = this.instances.get(resolverClass);
    if (!instance) {
      instance = new resolverClass();
      this.instances.set(resolverClass, instance);
    }
    return instance;
  }
}

type Storage = ReturnType<typeof getMetadataStorage>;
type HandlerMetadata = Pick<Storage['queries'][number], 'params' | 'middlewares' | 'roles' | 'target' | 'methodName' | 'schemaName'>;
type ParamMetadata = NonNullable<HandlerMetadata['params']>[number];
type Reader = (root: unknown, args: Record<string, unknown>, context: unknown, info: GraphQLResolveInfo) => unknown;

/** The constructors whose values type-graphql passes on as they are (its `convertToType`'s simple types). */
const SIMPLE_TYPES: readonly unknown[] = [String, Boolean, Number, Date, Array, Promise];

/** `convertToType(Object, value)` of type-graphql: what is not an object of this realm is copied into one. */
function asObject(value: unknown): unknown {
  if (value === null || value === undefined || value instanceof Object) return value;
  if (SIMPLE_TYPES.includes((value as { constructor?: unknown }).constructor)) return value;
  return Object.assign({}, value);
}

/** Lists of an argument are copied, their items kept (type-graphql maps every list it converts). */
const copyLists = (value: unknown): unknown => (Array.isArray(value) ? value.map(copyLists) : value);

/**
 * What reads one parameter, when it is one type-graphql would hand over unchanged (a root typed as a
 * plain object or untyped, the context or a property of it, the info, a scalar or enum argument that
 * no validation reads); null otherwise.
 */
function readerOf(param: ParamMetadata, storage: Storage): Reader | null {
  switch (param.kind) {
    case 'context': {
      const property = param.propertyName;
      return property === undefined ? (_root, _args, context) => context : (_root, _args, context) => (context as Record<string, unknown>)[property];
    }
    case 'info':
      return (_root, _args, _context, info) => info;
    case 'root': {
      const type = param.getType?.();
      if (type !== undefined && type !== Object) return null;
      const property = param.propertyName;
      return property === undefined ? (root) => asObject(root) : (root) => asObject((root as Record<string, unknown>)[property]);
    }
    case 'arg': {
      if (param.validateFn !== undefined || (param.validateSettings !== undefined && param.validateSettings !== false)) return null;
      const type: unknown = param.getType();
      const passedOn = type instanceof GraphQLScalarType || SIMPLE_TYPES.includes(type) || storage.enums.some((entry) => entry.enumObj === type);
      if (!passedOn) return null;
      const name = param.name;
      return (_root, args) => copyLists(args[name]);
    }
    default:
      return null;
  }
}

/** A direct call of the handler with the parameters read, or null when one of them needs type-graphql's conversion. */
function directResolver(handler: HandlerMetadata, instances: ResolverInstances, storage: Storage): GraphQLFieldResolver<unknown, unknown> | null {
  if ((handler.middlewares?.length ?? 0) > 0 || (handler.roles?.length ?? 0) > 0) return null;
  const params = [...(handler.params ?? [])].sort((a, b) => a.index - b.index);
  const readers: Reader[] = [];
  for (const param of params) {
    const reader = readerOf(param, storage);
    if (!reader) return null;
    readers.push(reader);
  }
  const instance = instances.get(handler.target as new () => object) as Record<string, (...values: unknown[]) => unknown>;
  const method = instance[handler.methodName];
  if (typeof method !== 'function') return null;
  const [first, second, third] = readers;
  switch (readers.length) {
    case 0:
      return () => method.call(instance);
    case 1:
      return (root, args, context, info) => method.call(instance, first(root, args, context, info));
    case 2:
      return (root, args, context, info) => method.call(instance, first(root, args, context, info), second(root, args, context, info));
    case 3:
      return (root, args, context, info) => method.call(instance, first(root, args, context, info), second(root, args, context, info), third(root, args, context, info));
    default:
      return (root, args, context, info) => method.apply(instance, readers.map((read) => read(root, args, context as Record<string, unknown>, info)));
  }
}

/**
 * Gives the schema's resolvers of the given classes (queries, mutations, subscriptions' events, and
 * the field resolvers they declare) a direct call of their method, where type-graphql's own wrapper
 * would do nothing but read the parameters: no middleware (`@Access` levels below 'user' declare
 * none), no argument to convert into an input class or to validate (the schemas are built with
 * `validate: false`). Its wrapper builds a resolver-data object, sorts the parameter list and awaits
 * the arguments' validation on every call: a listing of 100,000 histories made 200,000 such calls,
 * and the sorting's copies were a fifth of what the request allocated. The calls are the same: the
 * same instance (`instances`, the build's container), the same parameters, the method's own result
 * (a value or a promise) and errors (a method's throw is the field's error either way). Only their
 * start may come earlier: at once, where type-graphql awaited the validation of a method's arguments
 * first (sibling fields of a query may start in another order; a mutation's run one after the other).
 */
export function useDirectResolvers(schema: GraphQLSchema, resolverClasses: readonly unknown[], instances: ResolverInstances): GraphQLSchema {
  const storage = getMetadataStorage();
  const ours = (handler: { target: unknown }) => resolverClasses.includes(handler.target);
  const roots: Array<[GraphQLObjectType | null | undefined, HandlerMetadata[]]> = [
    [schema.getQueryType(), storage.queries],
    [schema.getMutationType(), storage.mutations],
    [schema.getSubscriptionType(), storage.subscriptions],
  ];
  for (const [type, handlers] of roots) {
    if (!type) continue;
    const fields = type.getFields();
    for (const handler of handlers.filter(ours)) {
      const field = fields[handler.schemaName];
      const direct = field && directResolver(handler, instances, storage);
      if (direct) field.resolve = direct;
    }
  }
  // type-graphql takes the first of the build's field resolvers (its classes' and those declared inside
  // object types) for a type and method: only a method declared once is given a direct call.
  const candidates = storage.fieldResolvers.filter((entry) => entry.kind === 'internal' || ours(entry));
  const declaredOnce = (objectClass: unknown, methodName: string) => candidates.filter((entry) => entry.getObjectType?.() === objectClass && entry.methodName === methodName).length === 1;
  for (const resolver of storage.fieldResolvers.filter((entry) => entry.kind === 'external' && ours(entry))) {
    const objectClass = resolver.getObjectType?.();
    if (!declaredOnce(objectClass, resolver.methodName)) continue;
    const name = storage.objectTypes.find((entry) => entry.target === objectClass)?.name;
    const type = name === undefined ? undefined : schema.getType(name);
    if (!(type instanceof GraphQLObjectType)) continue;
    const field = type.getFields()[resolver.schemaName];
    const direct = field && directResolver(resolver, instances, storage);
    if (direct) field.resolve = direct;
  }
  return schema;
}
