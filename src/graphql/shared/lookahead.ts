import { type DirectiveNode, type GraphQLResolveInfo, isAbstractType, isObjectType, type SelectionNode, type SelectionSetNode } from 'graphql';

/** Whether `@include(if:)` / `@skip(if:)` let a selection through, with this request's variables. */
function included(selection: SelectionNode, variables: Record<string, unknown>): boolean {
  const condition = (directive: DirectiveNode): boolean => {
    const value = directive.arguments?.find((argument) => argument.name.value === 'if')?.value;
    if (!value) return true;
    if (value.kind === 'BooleanValue') return value.value;
    if (value.kind === 'Variable') return Boolean(variables[value.name.value]);
    return true;
  };
  for (const directive of selection.directives ?? []) {
    if (directive.name.value === 'include' && !condition(directive)) return false;
    if (directive.name.value === 'skip' && condition(directive)) return false;
  }
  return true;
}

/**
 * The names of the sub-fields the current field's selection asks for (fragments included), as
 * @include/@skip decide. With `onType` (a field of a union), only fragments on that type count.
 * With `path`, the sub-fields of those nested fields instead (a connection's `edges`, `node`).
 */
export function selectedFields(info: GraphQLResolveInfo, onType?: string, path: readonly string[] = []): Set<string> {
  const variables = info.variableValues;
  const names = new Set<string>();
  // A fragment applies to `onType` when it names it, or names a union or interface it belongs to.
  const target = onType ? info.schema.getType(onType) : undefined;
  const applies = (condition: string | undefined) => {
    if (!onType || !condition || condition === onType) return true;
    const named = info.schema.getType(condition);
    return Boolean(named && isAbstractType(named) && isObjectType(target) && info.schema.isSubType(named, target));
  };
  const visit = (set: SelectionSetNode | undefined, depth: number): void => {
    for (const selection of set?.selections ?? []) {
      if (!included(selection, variables)) continue;
      if (selection.kind === 'Field') {
        if (depth === path.length) names.add(selection.name.value);
        else if (selection.name.value === path[depth]) visit(selection.selectionSet, depth + 1);
      } else if (selection.kind === 'InlineFragment') {
        if (depth < path.length || applies(selection.typeCondition?.name.value)) visit(selection.selectionSet, depth);
      } else {
        const fragment = info.fragments[selection.name.value];
        if (fragment && (depth < path.length || applies(fragment.typeCondition.name.value))) visit(fragment.selectionSet, depth);
      }
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet, 0);
  return names;
}

/**
 * Whether the current field's selection asks for any of the named sub-fields (directly, or in
 * fragments), as this request's @include/@skip decide. Read models use it to fetch in their one
 * statement what the query will read, and nothing else.
 */
export function selectsAny(info: GraphQLResolveInfo, names: readonly string[]): boolean {
  const variables = info.variableValues;
  const visit = (set: SelectionSetNode | undefined): boolean =>
    Boolean(
      set?.selections.some((selection) => {
        if (!included(selection, variables)) return false;
        if (selection.kind === 'Field') return names.includes(selection.name.value);
        if (selection.kind === 'InlineFragment') return visit(selection.selectionSet);
        const fragment = info.fragments[selection.name.value];
        return fragment ? visit(fragment.selectionSet) : false;
      }),
    );
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}

/** Whether the current field's selection asks for the named sub-field. */
export function selects(info: GraphQLResolveInfo, name: string): boolean {
  return selectsAny(info, [name]);
}
