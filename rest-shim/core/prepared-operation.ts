import { type DocumentNode, type ExecutionResult, type GraphQLSchema, Kind, OperationTypeNode, parse, validate } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import type { BaseRequestContext } from '../../src/context/base-request-context';
import { looksUtcIso, utcIsoText } from '../../src/format/timestamps';

/**
 * Streamed listings (subscriptions whose events are batches of up to 1,000 items) take their leaves as
 * the graph's nodes hold them: built by typed code from the statement's columns (encoded ids, texts,
 * integers, booleans), they need no per-leaf serialiser call, which would be ten calls per item.
 * Null checks of non-null fields stay; custom scalars (dates, JSON) keep their serialisers (a Date's is
 * its ISO text, an invalid one refused as DateTimeISO does); an enum
 * would come out as its internal value, so a streamed selection must not select one (none does).
 * Queries and mutations keep graphql's serialisers.
 */
const STREAMED_LISTING_OPTIONS = {
  disableLeafSerialization: true,
  // Times read as ISO text (`UtcIsoText`, three per folder item) pass as they are; Dates to ISO text by
  // arithmetic, not toISOString (a third of its cost); anything else (an invalid Date, another text),
  // as DateTimeISO serialises it (which normalises or refuses it).
  customSerializers: { DateTimeISO: serializeDateTimeISO },
};

function serializeDateTimeISO(value: unknown): string {
  if (looksUtcIso(value)) return value;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return utcIsoText(value.getTime());
  return GraphQLDateTimeISO.serialize(value);
}

/**
 * A GraphQL document parsed at start-up, then validated and compiled (graphql-jit) once, the first
 * time a request runs it: a request runs the compiled function (no per-field argument coercion, no
 * generic tree walk). Compiling on first use keeps a start (and every test file's) from paying for
 * two hundred documents most runs never ask for; `test/contract/routes.test.ts` compiles every one.
 */
export class PreparedOperation {
  private readonly document: DocumentNode;
  private compiled: CompiledQuery | null = null;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly source: string,
  ) {
    this.document = parse(source);
  }

  /** Validates and compiles the document (once); a broken document throws, naming it. */
  compile(): CompiledQuery {
    if (this.compiled) return this.compiled;
    const problems = validate(this.schema, this.document);
    if (problems.length > 0) throw new Error(`Invalid shim operation:\n${this.source}\n${problems.map((p) => p.message).join('\n')}`);
    const compiled = compileQuery(this.schema, this.document, undefined, this.isSubscription() ? STREAMED_LISTING_OPTIONS : undefined);
    if (!isCompiledQuery(compiled)) throw new Error(`Shim operation does not compile:\n${this.source}\n${(compiled.errors ?? []).map((e) => e.message).join('\n')}`);
    this.compiled = compiled;
    return compiled;
  }

  private isSubscription(): boolean {
    return this.document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION);
  }

  async run(ctx: BaseRequestContext, variables: Record<string, unknown>): Promise<ExecutionResult> {
    return this.compile().query(undefined, ctx, variables);
  }

  /** Runs a subscription document: its events, or the error that refused it. */
  async subscribe(ctx: BaseRequestContext, variables: Record<string, unknown>): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const compiled = this.compile();
    if (!compiled.subscribe) throw new Error(`Shim operation is not a subscription:\n${this.source}`);
    return compiled.subscribe(undefined, ctx, variables);
  }
}
