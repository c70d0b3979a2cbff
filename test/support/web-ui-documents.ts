import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type DocumentNode, type FragmentDefinitionNode, Kind, type OperationDefinitionNode, parse } from 'graphql';

const WEB_SOURCES = join(__dirname, '../../web/src');

/** Every `graphql(`…`)` text of the web UI, parsed (fragment interpolations left out: gql.tada passes fragments as a second argument). */
export function webUiDocuments(): DocumentNode[] {
  const found: DocumentNode[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/graphql\(\s*`([^`]*)`/g)) found.push(parse(match[1].replace(/\$\{[^}]*\}/g, '')));
      }
    }
  };
  walk(WEB_SOURCES);
  return found;
}

/** Each operation the web UI sends, as the document it sends: the operation with the fragments it spreads (all the UI's fragments). */
export function webUiOperations(): Array<{ name: string; document: DocumentNode; operation: OperationDefinitionNode }> {
  const documents = webUiDocuments();
  const fragments = documents.flatMap((document) => document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION));
  return documents.flatMap((document) =>
    document.definitions
      .filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)
      .map((operation) => ({ name: operation.name?.value ?? '(anonymous)', operation, document: { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] } })),
  );
}
