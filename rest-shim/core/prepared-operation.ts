import { type DocumentNode, execute, type ExecutionResult, type GraphQLSchema, parse, validate } from 'graphql';
import type { RequestContext } from '../../src/context/request-context';

/** A GraphQL document parsed and validated once, at start-up; a broken document stops the start. */
export class PreparedOperation {
  private readonly document: DocumentNode;

  constructor(
    private readonly schema: GraphQLSchema,
    source: string,
  ) {
    this.document = parse(source);
    const problems = validate(schema, this.document);
    if (problems.length > 0) throw new Error(`Invalid shim operation:\n${source}\n${problems.map((p) => p.message).join('\n')}`);
  }

  async run(ctx: RequestContext, variables: Record<string, unknown>): Promise<ExecutionResult> {
    return execute({ schema: this.schema, document: this.document, variableValues: variables, contextValue: ctx });
  }
}
