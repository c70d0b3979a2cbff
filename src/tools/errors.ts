/**
 * Errors of the tool module. Each names what went wrong in terms a tool author or API caller can act
 * on; callers map them to the platform's error kinds (parse errors are server faults, parameter
 * errors are request errors).
 */

/** A tool XML document that cannot be turned into a tool definition. */
export class ToolParseError extends Error {
  /** Where the XML came from (file path or label), when known. */
  readonly source: string | undefined;

  constructor(message: string, source?: string) {
    super(source ? `${source}: ${message}` : message);
    this.name = 'ToolParseError';
    this.source = source;
  }
}

/** A request's tool inputs that do not fit the tool's parameters. */
export class ToolParameterError extends Error {
  /** Flat name of the offending parameter, e.g. `queries_0|input2`. */
  readonly param: string;

  constructor(param: string, detail: string) {
    super(`Parameter '${param}': ${detail}`);
    this.name = 'ToolParameterError';
    this.param = param;
  }
}

/** A command template that cannot be parsed or evaluated. */
export class TemplateError extends Error {
  /** 1-based template line, when known. */
  readonly line: number | undefined;

  constructor(detail: string, line?: number) {
    super(line === undefined ? `Template error: ${detail}` : `Template error at line ${line}: ${detail}`);
    this.name = 'TemplateError';
    this.line = line;
  }
}
