import { type DocumentNode, type ExecutionResult, type GraphQLSchema, Kind, OperationTypeNode, parse, validate } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import type { BaseRequestContext } from '../../src/context/base-request-context';
import { looksUtcIso, utcIsoText } from '../../src/format/timestamps';
import { flagVariables, withFlagsApplied } from './flag-variables';

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
  /** The document's flag variables (flag-variables.ts): the `$k_*` of the views. */
  private readonly flags: readonly string[];
  /** The document compiled for a setting of its flags (null: that setting runs the whole document). */
  private readonly bySetting = new Map<string, CompiledQuery | null>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly source: string,
  ) {
    this.document = parse(source);
    this.flags = flagVariables(this.document);
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

  /**
   * What runs for these variables: the document written for their setting of its flags, compiled once
   * per setting (a route's requests come in a few views); the whole document when a flag is not a
   * boolean (its usual refusal), when the settings seen are already many, or when the written document
   * is not valid on its own (all of a selection left out).
   */
  private compiledFor(variables: Record<string, unknown>): CompiledQuery {
    const whole = this.compile();
    if (this.flags.length === 0) return whole;
    let setting = '';
    for (const flag of this.flags) {
      const value = variables[flag];
      if (typeof value !== 'boolean') return whole;
      setting += value ? '1' : '0';
    }
    let found = this.bySetting.get(setting);
    if (found === undefined) {
      if (this.bySetting.size >= SETTINGS_PER_DOCUMENT) return whole;
      found = this.compileSetting(new Map(this.flags.map((flag) => [flag, variables[flag] as boolean])));
      this.bySetting.set(setting, found);
    }
    return found ?? whole;
  }

  private compileSetting(flags: ReadonlyMap<string, boolean>): CompiledQuery | null {
    // From the source again: graphql-jit marks the nodes of a document it compiles (their @include
    // conditions), and a written copy of the whole document's nodes would carry those marks.
    const document = withFlagsApplied(parse(this.source), flags);
    if (validate(this.schema, document).length > 0) return null;
    const compiled = compileQuery(this.schema, document, undefined, this.isSubscription() ? STREAMED_LISTING_OPTIONS : undefined);
    return isCompiledQuery(compiled) ? compiled : null;
  }

  private isSubscription(): boolean {
    return this.document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION);
  }

  async run(ctx: BaseRequestContext, variables: Record<string, unknown>): Promise<ExecutionResult> {
    return this.compiledFor(variables).query(undefined, ctx, variables);
  }

  /** Runs a subscription document: its events, or the error that refused it. */
  async subscribe(ctx: BaseRequestContext, variables: Record<string, unknown>): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const compiled = this.compiledFor(variables);
    if (!compiled.subscribe) throw new Error(`Shim operation is not a subscription:\n${this.source}`);
    return compiled.subscribe(undefined, ctx, variables);
  }
}

/** Settings of its flags a document is compiled for, at most (further ones run the whole document). */
const SETTINGS_PER_DOCUMENT = 16;
