import { type DocumentNode, type ExecutionResult, type GraphQLSchema, parse, validate } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { BaseRequestContext } from '../../src/context/base-request-context';

/**
 * A GraphQL document parsed, validated and compiled (graphql-jit) once, at start-up: a request runs
 * the compiled function (no per-field argument coercion, no generic tree walk). A broken document
 * stops the start.
 */
export class PreparedOperation {
  private readonly document: DocumentNode;
  private readonly compiled: CompiledQuery;

  constructor(schema: GraphQLSchema, source: string) {
    this.document = parse(source);
    const problems = validate(schema, this.document);
    if (problems.length > 0) throw new Error(`Invalid shim operation:\n${source}\n${problems.map((p) => p.message).join('\n')}`);
    const compiled = compileQuery(schema, this.document);
    if (!isCompiledQuery(compiled)) throw new Error(`Shim operation does not compile:\n${source}\n${(compiled.errors ?? []).map((e) => e.message).join('\n')}`);
    this.compiled = compiled;
  }

  async run(ctx: BaseRequestContext, variables: Record<string, unknown>): Promise<ExecutionResult> {
    return this.compiled.query(undefined, ctx, variables);
  }
}
