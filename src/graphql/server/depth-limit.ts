import { type ASTVisitor, type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode, type ValidationContext } from 'graphql';

/** Deepest selection a client may ask for: the graph's relations are cyclic (history → jobs → history). */
export const MAX_QUERY_DEPTH = 12;

/**
 * Deepest introspection selection (`__schema`, `__type`). Introspection is for administrators only
 * (introspection-guard.ts refuses everyone else after validation), and GraphiQL's own schema query
 * is 15 levels deep (its `ofType` chain); this still bounds a hand-written runaway.
 */
export const MAX_INTROSPECTION_DEPTH = 20;

const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

interface Depths {
  /** Depth of the graph's own fields (introspection subtrees left out). */
  graph: number;
  /** Depth of the introspection subtrees, from the operation root. */
  introspection: number;
}

/** The fragments of one document and their depths once measured (by name and whether inside introspection). */
interface Fragments {
  definitions: Map<string, FragmentDefinitionNode>;
  depths: Map<string, Depths>;
}

/**
 * Each fragment is measured once, wherever it is spread: a fragment spread twice in a fragment
 * spread twice in … costs its one measure, not 2^n walks.
 */
function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Fragments, inIntrospection: boolean): Depths {
  const deepest: Depths = { graph: 0, introspection: 0 };
  if (!selectionSet) return deepest;
  const keep = (graph: number, introspection: number) => {
    deepest.graph = Math.max(deepest.graph, graph);
    deepest.introspection = Math.max(deepest.introspection, introspection);
  };
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const introspection = inIntrospection || INTROSPECTION_ROOTS.has(selection.name.value);
      const below = depthOf(selection.selectionSet, fragments, introspection);
      // Inside an introspection subtree every level counts as introspection.
      if (introspection) keep(0, 1 + below.introspection);
      else keep(1 + below.graph, below.introspection > 0 ? 1 + below.introspection : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const below = depthOf(selection.selectionSet, fragments, inIntrospection);
      keep(below.graph, below.introspection);
    } else {
      const below = fragmentDepth(selection.name.value, fragments, inIntrospection);
      keep(below.graph, below.introspection);
    }
  }
  return deepest;
}

function fragmentDepth(name: string, fragments: Fragments, inIntrospection: boolean): Depths {
  const key = `${inIntrospection}/${name}`;
  const known = fragments.depths.get(key);
  if (known) return known;
  // Unknown or cyclic fragments are other rules' errors: they add nothing (a cycle ends here).
  fragments.depths.set(key, { graph: 0, introspection: 0 });
  const depths = depthOf(fragments.definitions.get(name)?.selectionSet, fragments, inIntrospection);
  fragments.depths.set(key, depths);
  return depths;
}

/**
 * A validation rule refusing operations nested deeper than MAX_QUERY_DEPTH; introspection subtrees
 * are measured apart, against MAX_INTROSPECTION_DEPTH, so GraphiQL's schema query passes.
 */
export function depthLimitRule(context: ValidationContext): ASTVisitor {
  const fragments: Fragments = { definitions: new Map(), depths: new Map() };
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.definitions.set(definition.name.value, definition);
  }
  return {
    OperationDefinition(node) {
      const depth = depthOf(node.selectionSet, fragments, false);
      if (depth.graph > MAX_QUERY_DEPTH) {
        context.reportError(new GraphQLError(`The query is nested ${depth.graph} levels deep; at most ${MAX_QUERY_DEPTH} are allowed.`, { nodes: [node] }));
      } else if (depth.introspection > MAX_INTROSPECTION_DEPTH) {
        context.reportError(new GraphQLError(`The introspection query is nested ${depth.introspection} levels deep; at most ${MAX_INTROSPECTION_DEPTH} are allowed.`, { nodes: [node] }));
      }
    },
  };
}
