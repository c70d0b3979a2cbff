/**
 * One read statement: SQL text with `$n` parameters, written once (at module load, or once per
 * query shape) and typed by the row it returns. Column aliases are the read model's field names, so
 * a row is the view object (no mapping, no hydration).
 */
export interface SqlStatement<Row> {
  /** Names the statement in logs and (on a server) as a prepared statement of each connection. */
  readonly name: string;
  readonly text: string;
  /** Phantom field: carries the row type. */
  readonly row?: Row;
}

export function sql<Row>(name: string, text: string): SqlStatement<Row> {
  return { name, text: text.replace(/\s+/g, ' ').trim() };
}

/**
 * Statements whose text depends on the shape of a request (which filters, which optional parts):
 * each shape's text is built once, the first time it is asked for, and reused afterwards.
 */
export class StatementShapes<Shape, Row> {
  private readonly built = new Map<string, SqlStatement<Row>>();

  constructor(
    private readonly name: string,
    private readonly build: (shape: Shape) => string,
    private readonly keyOf: (shape: Shape) => string = (shape) => JSON.stringify(shape),
  ) {}

  for(shape: Shape): SqlStatement<Row> {
    const key = this.keyOf(shape);
    let statement = this.built.get(key);
    if (!statement) {
      statement = sql<Row>(`${this.name}:${this.built.size}`, this.build(shape));
      this.built.set(key, statement);
    }
    return statement;
  }
}
