import { GraphQLError, GraphQLScalarType } from 'graphql';

/** A value of a chart row: a number (a column typed int or float), a text (other columns), or null. Output only. */
export const ChartValueScalar = new GraphQLScalarType({
  name: 'ChartValue',
  description: 'A value of a chart row: a number (a column the metadata types int or float), a text (other columns), or null (an empty cell, or not a number in a numeric column).',
  serialize(value: unknown): number | string | null {
    if (value === null || typeof value === 'number' || typeof value === 'string') return value;
    throw new GraphQLError('ChartValue is a number, a text or null');
  },
  parseValue(): never {
    throw new GraphQLError('ChartValue is an output type only');
  },
  parseLiteral(): never {
    throw new GraphQLError('ChartValue is an output type only');
  },
});
