import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, type DocumentNode, execute, getIntrospectionQuery, getOperationAST, Kind, parse, visit } from 'graphql';
import { DEFAULT_LIST_SIZE, MAX_QUERY_COST, operationCost, SIZE_ARGUMENTS } from '../../../src/graphql/server/query-cost';
import { MAX_PAGE_SIZE } from '../../../src/services/collections/history-items-page';
import { webUiOperations } from '../../support/web-ui-documents';

/** The committed SDL (test/graphql/schema.test.ts keeps it equal to what the code builds). */
const schema = buildSchema(readFileSync(join(__dirname, '../../../schema/schema.graphql'), 'utf8'));

function costOf(text: string | DocumentNode, variables: Record<string, unknown> = {}) {
  const document = typeof text === 'string' ? parse(text) : text;
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  return operationCost(schema, document, operation, variables);
}

/** The variables a document gives its size arguments, each at the largest page the services accept. */
function largestPages(document: DocumentNode): Record<string, number> {
  const variables: Record<string, number> = {};
  visit(document, {
    Argument(node) {
      if (SIZE_ARGUMENTS.has(node.name.value) && node.value.kind === Kind.VARIABLE) variables[node.value.name.value] = MAX_PAGE_SIZE;
    },
  });
  return variables;
}

describe('the cost limit and the web UI', () => {
  it('lets every document the web UI sends through, with its pages at their largest', () => {
    const operations = webUiOperations();
    expect(operations.length).toBeGreaterThan(50);
    const refused = operations
      .map(({ name, document }) => ({ name, ...costOf(document, largestPages(document)) }))
      .filter(({ cost, revisit }) => cost > MAX_QUERY_COST || revisit !== null);
    expect(refused).toEqual([]);
  });
});

describe("the cost of administrators' introspection", () => {
  const GRAPHIQL_INTROSPECTION = getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: false });

  /** An answer's values as the cost counts them: each field once, a list as its items (an empty one as one value). */
  function valuesOf(value: unknown): number {
    if (Array.isArray(value)) return Math.max(1, value.reduce((sum: number, item: unknown) => sum + valuesOf(item), 0));
    if (value === null || typeof value !== 'object') return 1;
    return 1 + Object.values(value).reduce((sum: number, field: unknown) => sum + valuesOf(field), 0);
  }

  it("counts GraphiQL's schema query exactly (the values of the answer it gets)", () => {
    const document = parse(GRAPHIQL_INTROSPECTION);
    const answer = execute({ schema, document }) as { data: { __schema: unknown } };
    expect(costOf(document)).toEqual({ cost: valuesOf(answer.data.__schema), revisit: null });
    expect(costOf(document).cost).toBeLessThan(MAX_QUERY_COST / 2);
  });

  it('stops counting once past the limit (the answer is larger still)', () => {
    const types = 'types { name fields { name args { name } type { name ofType { name } } } }';
    const one = costOf(`{ __schema { ${types} } }`).cost;
    expect(one).toBeLessThan(MAX_QUERY_COST);
    const aliases = Math.ceil((10 * MAX_QUERY_COST) / one);
    expect(costOf(`{ ${Array.from({ length: aliases }, (_, index) => `a${index}: __schema { ${types} }`).join(' ')} }`).cost).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the cost model', () => {
  it(`counts each field once per object, and a list without a size as ${DEFAULT_LIST_SIZE} items`, () => {
    expect(costOf('{ histories { id name } }').cost).toBe(DEFAULT_LIST_SIZE * 3);
    expect(costOf('{ histories { id jobs { id state } } }').cost).toBe(DEFAULT_LIST_SIZE * (2 + DEFAULT_LIST_SIZE * 3));
  });

  it('takes a list’s size from its first/limit argument: a literal, a variable, its declared default', () => {
    expect(costOf('{ histories(limit: 3) { id name } }').cost).toBe(9);
    expect(costOf('query ($n: Int) { histories(limit: $n) { id } }', { n: 7 }).cost).toBe(14);
    expect(costOf('query ($n: Int = 2) { histories(limit: $n) { id } }').cost).toBe(4);
    expect(costOf('query ($n: Int) { histories(limit: $n) { id } }', { n: 'many' }).cost).toBe(DEFAULT_LIST_SIZE * 2);
  });

  it("sizes a connection's edges by the connection's first (its schema default when not given)", () => {
    expect(costOf('{ historiesPage(first: 5) { totalCount edges { node { id } } } }').cost).toBe(1 + 1 + 5 * 3);
    expect(costOf('{ historiesPage { edges { node { id } } } }').cost).toBe(1 + 100 * 3);
  });

  it('counts a value of an abstract type as its costliest concrete type', () => {
    const query = '{ historyItemsPage(historyId: "x", first: 10) { edges { node { ... on HistoryContent { id name state } ... on HistoryDatasetCollection { id } } } } }';
    expect(costOf(query).cost).toBe(1 + 10 * (1 + 1 + 3));
  });

  it("counts the lists within one tree (a tool's inputs' cases' inputs, a collection's elements' elements) as the tree's first list", () => {
    const inputs = '{ tool(id: "cat1") { inputs { name ... on ConditionalToolInput { cases { inputs { name } } } } } }';
    expect(costOf(inputs).cost).toBe(1 + DEFAULT_LIST_SIZE * (1 + 1 + 1 * (1 + 1 * (1 + 1))));
    const elements = '{ historyCollection(historyId: "x", id: "y") { elements { id collection { elements { id collection { elements { id } } } } } } }';
    expect(costOf(elements)).toEqual({ cost: 1 + DEFAULT_LIST_SIZE * (1 + 1 + 1 + 1 * (1 + 1 + 1 + 1 * (1 + 1))), revisit: null });
  });

  it("reports a list of objects already listed above it (going around the graph's relations), however small", () => {
    expect(costOf('{ histories(limit: 1) { contents { history { contents { id } } } } }').revisit).toBe('History.contents');
    expect(costOf('{ historyItemsPage(historyId: "x", first: 1) { edges { node { ... on HistoryContent { history { contents { id } } } } } } }').revisit).toBe('History.contents');
    expect(costOf('{ histories { contents { id } jobs { id } } }').revisit).toBeNull();
    // A tree's elements leave the tree through a dataset, whose history's contents are listed again.
    expect(costOf('{ historyCollection(historyId: "x", id: "y") { elements { dataset { history { contents { id } } } } } }').revisit).toBe('History.contents');
  });

  it('walks a fragment spread many times over once (linear in the document, however its fragments fan out)', () => {
    let text = '{ histories { ...F0 } } ';
    for (let level = 0; level < 40; level += 1) text += `fragment F${level} on History { id a: jobs { ...J${level} } ...F${level + 1} ...F${level + 1} } fragment J${level} on Job { id } `;
    text += 'fragment F40 on History { id }';
    const started = Date.now();
    const { cost } = costOf(text);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(Number.isFinite(cost)).toBe(true);
  });
});
