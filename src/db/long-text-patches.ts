import { CriteriaNodeFactory, JsonType, PostgreSqlPlatform, ReferenceKind } from '@mikro-orm/postgresql';

let patched = false;

/**
 * Two places where MikroORM 6.6 spends far more than a text's length on a long text a request
 * carried (a 1 MB name, or 9 MB under the 10 MB body limit), patched once per process before any
 * query. Measured on a 9 MB group name (PostgreSQL server): 15-19 s with the event loop blocked and
 * +540-800 MB of memory before; see `test/unit/db/long-text-patches.test.ts`, which also checks the
 * ORM still writes the same SQL.
 *
 * 1. `CriteriaNodeFactory.createObjectItemNode` checks the value of each condition on a scalar
 *    property for group operators with `Object.keys(value)`: for a string, one key per character
 *    (a name checked for uniqueness, an email looked up). A string holds no operator: it goes
 *    straight to the node the check leads to when it finds none (`createNode`, a scalar node).
 *    Objects, arrays, JSON and embedded properties keep the original path.
 * 2. `PostgreSqlPlatform.escape` (MikroORM writes values into the SQL text) quotes a string with
 *    pg's `escapeLiteral`, which appends one character at a time: millions of string pieces for
 *    the collector (2.4 s for 9 MB of plain text, 6 s when it is full of quotes). The same quoting
 *    in linear time (`quoteLiteral`: 0 and 0.4 s).
 */
export function patchOrmForLongTexts(): void {
  if (patched) return;
  patched = true;
  const originalItemNode = CriteriaNodeFactory.createObjectItemNode.bind(CriteriaNodeFactory);
  CriteriaNodeFactory.createObjectItemNode = function createObjectItemNode(metadata, entityName, node, payload, key, meta) {
    const value: unknown = payload[key];
    const prop = meta?.properties[key];
    if (typeof value === 'string' && prop?.kind !== ReferenceKind.EMBEDDED && !(prop?.customType instanceof JsonType)) {
      const childEntity = prop && prop.kind !== ReferenceKind.SCALAR ? prop.type : entityName;
      return CriteriaNodeFactory.createNode(metadata, childEntity, value, node, key);
    }
    return originalItemNode(metadata, entityName, node, payload, key, meta);
  };
  const originalEscape = PostgreSqlPlatform.prototype.escape;
  PostgreSqlPlatform.prototype.escape = function escape(this: PostgreSqlPlatform, value: unknown): string {
    return typeof value === 'string' ? quoteLiteral(value) : originalEscape.call(this, value);
  };
}

const QUOTE = 0x27;
const BACKSLASH = 0x5c;

/**
 * pg's `escapeLiteral` (`'…'` with quotes doubled; ` E'…'` with backslashes doubled too when there is
 * one) in time linear in the text: a text without either is quoted as it is; otherwise its UTF-8
 * bytes are copied once with those two bytes doubled (neither occurs inside a multi-byte character).
 * The same bytes reach PostgreSQL (a lone surrogate, which the wire's UTF-8 turns into U+FFFD, is
 * turned into it here).
 */
export function quoteLiteral(text: string): string {
  if (!text.includes("'") && !text.includes('\\')) return `'${text}'`;
  const bytes = Buffer.from(text, 'utf8');
  let doubled = 0;
  let backslash = false;
  for (let i = 0; i < bytes.length; i += 1) {
    if (bytes[i] === QUOTE) doubled += 1;
    else if (bytes[i] === BACKSLASH) {
      doubled += 1;
      backslash = true;
    }
  }
  const out = Buffer.allocUnsafe(bytes.length + doubled);
  let j = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    out[j] = byte;
    j += 1;
    if (byte === QUOTE || byte === BACKSLASH) {
      out[j] = byte;
      j += 1;
    }
  }
  return `${backslash ? " E'" : "'"}${out.toString('utf8')}'`;
}
