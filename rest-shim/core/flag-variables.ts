import { type ASTNode, type DirectiveNode, type DocumentNode, Kind, type OperationDefinitionNode, visit } from 'graphql';

/**
 * The shim's views guard each REST key's selection with `@include(if: $k_<key>)` (views.ts): one
 * document serves every view, and a request passes the flags of the keys it returns. Executed as it is,
 * such a document builds every item's result with a property for every key (`undefined` when left out)
 * and tests every flag per item. Here a document is written again for one setting of its flags: the
 * left-out selections removed, the kept ones without their directive, the flags' declarations gone. It
 * is the same query for those flags (what @include/@skip mean), compiled once per setting.
 */

/**
 * The variables of the operation declared `Boolean!` and used only as the `if` of an @include or @skip
 * directive (a variable read anywhere else is no flag).
 */
export function flagVariables(document: DocumentNode): string[] {
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (!operation) return [];
  const candidates = new Set(
    (operation.variableDefinitions ?? [])
      .filter((definition) => definition.type.kind === Kind.NON_NULL_TYPE && definition.type.type.kind === Kind.NAMED_TYPE && definition.type.type.name.value === 'Boolean')
      .map((definition) => definition.variable.name.value),
  );
  visit(document, {
    Variable(node, _key, parent, _path, ancestors) {
      if (isNode(parent) && parent.kind === Kind.VARIABLE_DEFINITION) return;
      // An argument's ancestors end with its list of arguments, then the directive (or field) holding it.
      const holder = ancestors[ancestors.length - 2];
      const isCondition =
        isNode(parent) && parent.kind === Kind.ARGUMENT && parent.name.value === 'if' && isNode(holder) && holder.kind === Kind.DIRECTIVE && (holder.name.value === 'include' || holder.name.value === 'skip');
      if (!isCondition) candidates.delete(node.name.value);
    },
  });
  return [...candidates];
}

const isNode = (value: ASTNode | readonly ASTNode[] | undefined): value is ASTNode => value !== undefined && !Array.isArray(value);

/** Whether a node's flag directives keep it, and its other directives (null: left out). */
function keptDirectives(directives: readonly DirectiveNode[] | undefined, flags: ReadonlyMap<string, boolean>): DirectiveNode[] | null {
  const rest: DirectiveNode[] = [];
  for (const directive of directives ?? []) {
    const name = directive.name.value;
    const condition = directive.arguments?.find((argument) => argument.name.value === 'if')?.value;
    const flag = condition?.kind === Kind.VARIABLE ? flags.get(condition.name.value) : undefined;
    if ((name === 'include' || name === 'skip') && flag !== undefined) {
      if (name === 'include' ? !flag : flag) return null;
    } else rest.push(directive);
  }
  return rest;
}

/** The document for one setting of its flags (see above); `flags` maps each flag variable to its value. */
export function withFlagsApplied(document: DocumentNode, flags: ReadonlyMap<string, boolean>): DocumentNode {
  const apply = (node: ASTNode & { directives?: readonly DirectiveNode[] }) => {
    const directives = keptDirectives(node.directives, flags);
    if (directives === null) return null;
    return directives.length === (node.directives?.length ?? 0) ? undefined : { ...node, directives };
  };
  return visit(document, {
    VariableDefinition: (node) => (flags.has(node.variable.name.value) ? null : undefined),
    Field: apply,
    InlineFragment: apply,
    FragmentSpread: apply,
  });
}
