import type { Client } from 'pg';
import type { RecordedStatement } from '../../src/db/sql/sql-recorder';

/** A table is big when it holds more rows than this: a sequential scan of it fails the run. */
export const BIG_TABLE_ROWS = 10_000;

/**
 * Unless the statement's answer is at least this share of the table's rows: PostgreSQL rightly reads a
 * table through when a listing is a large part of it (then the scan costs what the answer does).
 */
export const LARGE_SHARE = 0.25;

/** Whether a sequential scan reads a table the statement's answer is a large part of. */
export const answerIsLargeShare = (scan: Scan, sizes: Map<string, number>): boolean => scan.answer >= LARGE_SHARE * (sizes.get(scan.table) ?? 0);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Filter?: string;
  Plans?: PlanNode[];
}

interface ExplainResult {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
  JIT?: { Timing?: { Total?: number } };
}

/** One scan of a table in a plan: how many rows it read (returned and filtered out). */
export interface Scan {
  node: string;
  table: string;
  index: string | null;
  read: number;
  filtered: boolean;
  /** Rows the whole statement returned. */
  answer: number;
}

/** What the statements of one request cost, from `EXPLAIN (ANALYZE, FORMAT JSON)` of each. */
export interface RequestPlans {
  statements: number;
  explained: number;
  /** Sequential scans of big tables (more than BIG_TABLE_ROWS rows). */
  bigSeqScans: Scan[];
  /** The scan that read the most rows, over all statements. */
  worst: Scan | null;
  planningMs: number;
  executionMs: number;
  jitMs: number;
  /** Text of the statements with a sequential scan of a big table (for the report). */
  offenders: string[];
}

/** Rows of each table (the planner's estimate after ANALYZE). */
export async function tableSizes(db: Client): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; rows: number }>(
    `select c.relname as name, c.reltuples::float8 as rows from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`,
  );
  return new Map(rows.map((row) => [row.name, Math.max(0, row.rows)]));
}

function scansOf(node: PlanNode, into: Scan[]): Scan[] {
  if (node['Relation Name']) {
    const loops = node['Actual Loops'] ?? 1;
    into.push({
      node: node['Node Type'],
      table: node['Relation Name'],
      index: node['Index Name'] ?? null,
      read: ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops,
      filtered: Boolean(node.Filter),
      answer: 0,
    });
  }
  for (const child of node.Plans ?? []) scansOf(child, into);
  return into;
}

const READS = /^\s*(select|with)\b/i;

/** Replays each read statement of a request under EXPLAIN ANALYZE with its parameters (writes are counted, not run again). */
export async function explainRequest(db: Client, statements: RecordedStatement[], sizes: Map<string, number>): Promise<RequestPlans> {
  const result: RequestPlans = { statements: statements.length, explained: 0, bigSeqScans: [], worst: null, planningMs: 0, executionMs: 0, jitMs: 0, offenders: [] };
  for (const statement of statements) {
    if (!READS.test(statement.text) || /\bfor (update|share|no key update)\b/i.test(statement.text)) continue;
    const { rows } = await db.query<{ 'QUERY PLAN': ExplainResult[] }>(`explain (analyze, format json) ${statement.text}`, statement.params);
    const plan = rows[0]['QUERY PLAN'][0];
    result.explained += 1;
    result.planningMs += plan['Planning Time'];
    result.executionMs += plan['Execution Time'];
    result.jitMs += plan.JIT?.Timing?.Total ?? 0;
    const scans = scansOf(plan.Plan, []).map((scan) => ({ ...scan, answer: plan.Plan['Actual Rows'] ?? 0 }));
    const big = scans.filter((scan) => scan.node === 'Seq Scan' && (sizes.get(scan.table) ?? 0) > BIG_TABLE_ROWS);
    if (big.length > 0) result.offenders.push(statement.text);
    result.bigSeqScans.push(...big);
    for (const scan of scans) if (!result.worst || scan.read > result.worst.read) result.worst = scan;
  }
  return result;
}
