import { bool, jsonOf, stamp, textOf } from '../convert';
import type { ImportStep, Skip, TargetRow } from '../import-step';
import { PAGE_VISUALIZATION_STEPS } from './pages-visualizations';
import { earlierRepeats } from './step-kit';
import { SAMPLE_TRACKING_STEPS } from './samples-tracking';
import { WORKFLOW_STEPS } from './workflows-stored';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Installed repository records (only databases built by the platform's migrations have the table:
 * the step is skipped on others). The depot address is rebuilt from the record's tool shed
 * (https://<tool_shed>); a repeated (tool shed, owner, name, installed revision) is skipped.
 */
export const toolShedRepositoriesStep: ImportStep = {
  name: 'tool_shed_repository',
  source: 'tool_shed_repository',
  optional: true,
  targets: ['tool_shed_repository'],
  async transform(rows, kit) {
    const skipped: Skip[] = [];
    const notices: Skip[] = [];
    const out: TargetRow[] = [];
    const repeats = await earlierRepeats(
      kit,
      'tool_shed_repository',
      rows,
      (row) => `${row}.tool_shed, ${row}.owner, ${row}.name, coalesce(${row}.installed_changeset_revision, ${row}.changeset_revision)`,
      (row) => `coalesce(${row}.tool_shed, '') <> '' and coalesce(${row}.name, '') <> '' and coalesce(${row}.owner, '') <> '' and coalesce(${row}.installed_changeset_revision, ${row}.changeset_revision, '') <> ''`,
    );
    for (const row of rows) {
      const toolShed = textOf(row.tool_shed);
      const name = textOf(row.name);
      const owner = textOf(row.owner);
      const installed = textOf(row.installed_changeset_revision) ?? textOf(row.changeset_revision);
      if (!toolShed || !name || !owner || !installed) {
        skipped.push({ sourceTable: 'tool_shed_repository', sourceId: row.id, reason: 'the record lacks its tool shed, name, owner or changeset revision' });
        continue;
      }
      const first = repeats.get(row.id);
      if (first !== undefined) {
        skipped.push({ sourceTable: 'tool_shed_repository', sourceId: row.id, reason: `the same installed revision as tool_shed_repository ${first}` });
        continue;
      }
      const metadata = jsonOf(row.metadata);
      if (metadata === null && row.metadata !== null && row.metadata !== undefined) notices.push({ sourceTable: 'tool_shed_repository', sourceId: row.id, reason: 'metadata is not JSON: carried empty' });
      const status = jsonOf(row.tool_shed_status);
      const host = toolShed.replace(/^https?:\/\//, '').replace(/\/+$/, '');
      out.push({
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        tool_shed: host,
        depot_url: `https://${host}`,
        name,
        description: textOf(row.description),
        owner,
        installed_changeset_revision: installed,
        changeset_revision: textOf(row.changeset_revision) ?? installed,
        ctx_rev: textOf(row.ctx_rev),
        metadata: isRecord(metadata) ? metadata : null,
        includes_datatypes: bool(row.includes_datatypes),
        tool_shed_status: isRecord(status) ? status : null,
        deleted: bool(row.deleted),
        uninstalled: bool(row.uninstalled),
        dist_to_shed: bool(row.dist_to_shed),
        status: textOf(row.status) ?? 'New',
        error_message: textOf(row.error_message),
      });
    }
    return { tables: [{ table: 'tool_shed_repository', rows: out }], skipped, notices };
  },
};

/** Stored workflows and their versions, pages, visualizations, sample tracking and installed repository records. */
export const WORKFLOW_PAGE_SAMPLE_STEPS: ImportStep[] = [...WORKFLOW_STEPS, ...PAGE_VISUALIZATION_STEPS, ...SAMPLE_TRACKING_STEPS, toolShedRepositoriesStep];
