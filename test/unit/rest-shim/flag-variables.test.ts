import { buildSchema, graphql, parse, print } from 'graphql';
import { flagVariables, withFlagsApplied } from '../../../rest-shim/core/flag-variables';
import { PreparedOperation } from '../../../rest-shim/core/prepared-operation';
import type { BaseRequestContext } from '../../../src/context/base-request-context';

const DOCUMENT = `query Show($id: ID!, $k_a: Boolean!, $k_b: Boolean!, $k_c: Boolean!, $other: Boolean!, $unused: Boolean) {
  item(id: $id) {
    a @include(if: $k_a)
    b @skip(if: $k_b)
    inner @include(if: $k_c) { x }
    d @include(if: $other)
    e(flag: $other)
  }
}`;

describe("a view's flag variables", () => {
  it('are the Boolean! variables used only as the condition of @include or @skip', () => {
    expect(flagVariables(parse(DOCUMENT)).sort()).toEqual(['k_a', 'k_b', 'k_c']);
  });

  it('written into the document leave out what they exclude, keep the rest without the directive, and drop their declarations', () => {
    const written = withFlagsApplied(parse(DOCUMENT), new Map([['k_a', true], ['k_b', true], ['k_c', false]]));
    expect(print(written)).toBe(
      print(parse(`query Show($id: ID!, $other: Boolean!, $unused: Boolean) { item(id: $id) { a d @include(if: $other) e(flag: $other) } }`)),
    );
  });
});

describe('a prepared operation run with its flags written in', () => {
  const schema = buildSchema(`type Item { a: String b: String c: String } type Query { item(id: ID!): Item }`);
  const source = 'query ($id: ID!, $k_a: Boolean!, $k_b: Boolean!, $k_c: Boolean!) { item(id: $id) { a @include(if: $k_a) b @include(if: $k_b) c @skip(if: $k_c) } }';
  const run = (operation: PreparedOperation, flags: Record<string, unknown>) => operation.run({} as BaseRequestContext, { id: '1', ...flags });
  const rootItem = { a: 'A', b: 'B', c: 'C' };
  // graphql-jit runs resolvers of the schema: a root resolver on Query.item.
  schema.getQueryType()!.getFields().item.resolve = () => rootItem;

  it('answers what the whole document answers, for every setting of the flags', async () => {
    const operation = new PreparedOperation(schema, source);
    for (const k_a of [true, false]) {
      for (const k_b of [true, false]) {
        for (const k_c of [true, false]) {
          const expected = await graphql({ schema, source, variableValues: { id: '1', k_a, k_b, k_c } });
          expect(await run(operation, { k_a, k_b, k_c })).toEqual(expected);
        }
      }
    }
  });

  it('refuses a flag that is not a boolean as the whole document does', async () => {
    const result = await run(new PreparedOperation(schema, source), { k_a: 'yes', k_b: true, k_c: true });
    expect(result.errors?.[0]?.message).toMatch(/k_a/);
  });
});
