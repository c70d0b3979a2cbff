import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/**
 * Whether the current field's selection asks for a sub-field (directly, or in inline fragments).
 * Listings use it to fetch a relation for all items at once, so items resolve without promises.
 */
export function selects(info: GraphQLResolveInfo, name: string): boolean {
  const visit = (set: SelectionSetNode | undefined): boolean =>
    Boolean(
      set?.selections.some((selection) => {
        if (selection.kind === 'Field') return selection.name.value === name;
        if (selection.kind === 'InlineFragment') return visit(selection.selectionSet);
        const fragment = info.fragments[selection.name.value];
        return fragment ? visit(fragment.selectionSet) : false;
      }),
    );
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}
