import { jsonOf, stamp, textOf } from '../convert';
import type { ImportStep, Skip, TargetRow } from '../import-step';
import { withReferences } from './step-kit';
import { idsOf, shareableItemStep, shareStep, tagStep } from './workflows-shared';

/** Pages; the latest revision is set when it is carried (the revision step). */
export const pagesStep = shareableItemStep({
  table: 'page',
  annotationTable: 'page_annotation_association',
  annotationColumn: 'page_id',
  slugFallback: 'page',
  slugRequired: true,
  own: (row) => ({ title: textOf(row.title) ?? 'Unnamed page' }),
});

export const pageRevisionsStep: ImportStep = {
  name: 'page_revision',
  source: 'page_revision',
  targets: ['page_revision'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'page_revision', { page_id: 'page' }, kit);
    const out: TargetRow[] = kept.map((row) => ({
      id: row.id,
      create_time: stamp(row.create_time, row.update_time),
      update_time: stamp(row.update_time, row.create_time),
      page_id: row.page_id,
      title: textOf(row.title) ?? '',
      content: textOf(row.content) ?? '',
    }));
    const ids = idsOf(kept);
    const latest = ids.length === 0 ? [] : await kit.source.query<{ id: number; latest_revision_id: number }>('select id, latest_revision_id from page where latest_revision_id = any($1)', [ids]);
    const pages = await kit.existing('page', latest.map((row) => Number(row.id)));
    const pointers = latest.filter((row) => pages.has(Number(row.id))).map((row) => ({ id: Number(row.id), latest_revision_id: Number(row.latest_revision_id) }));
    return { tables: [{ table: 'page_revision', rows: out }, { table: 'page', rows: pointers, update: true }], skipped };
  },
};

export const visualizationsStep = shareableItemStep({
  table: 'visualization',
  annotationTable: 'visualization_annotation_association',
  annotationColumn: 'visualization_id',
  slugFallback: 'visualization',
  slugRequired: false,
  own: (row) => ({ title: textOf(row.title) ?? 'Unnamed visualization', type: (textOf(row.type) ?? 'unknown').slice(0, 255), dbkey: textOf(row.dbkey) }),
});

/** Revisions: `config` is bytea (mapping) or text (migrations) holding JSON, either way. */
export const visualizationRevisionsStep: ImportStep = {
  name: 'visualization_revision',
  source: 'visualization_revision',
  targets: ['visualization_revision'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'visualization_revision', { visualization_id: 'visualization' }, kit);
    const notices: Skip[] = [];
    const out: TargetRow[] = kept.map((row) => {
      let config = jsonOf(row.config);
      if (config === null) {
        const text = textOf(row.config);
        if (text !== null && text.trim() !== '') notices.push({ sourceTable: 'visualization_revision', sourceId: row.id, reason: 'config is not JSON: carried as {}' });
        config = {};
      }
      return {
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        visualization_id: row.visualization_id,
        title: textOf(row.title) ?? '',
        dbkey: textOf(row.dbkey),
        config,
      };
    });
    const ids = idsOf(kept);
    const latest = ids.length === 0 ? [] : await kit.source.query<{ id: number; latest_revision_id: number }>('select id, latest_revision_id from visualization where latest_revision_id = any($1)', [ids]);
    const items = await kit.existing('visualization', latest.map((row) => Number(row.id)));
    const pointers = latest.filter((row) => items.has(Number(row.id))).map((row) => ({ id: Number(row.id), latest_revision_id: Number(row.latest_revision_id) }));
    return { tables: [{ table: 'visualization_revision', rows: out }, { table: 'visualization', rows: pointers, update: true }], skipped, notices };
  },
};

export const PAGE_VISUALIZATION_STEPS: ImportStep[] = [
  pagesStep,
  pageRevisionsStep,
  tagStep('page_tag_association', 'page_id', 'page', 'page'),
  shareStep('page_user_share_association', 'page_id', 'page', 'page_user_share_association'),
  visualizationsStep,
  visualizationRevisionsStep,
  tagStep('visualization_tag_association', 'visualization_id', 'visualization', 'visualization'),
  shareStep('visualization_user_share_association', 'visualization_id', 'visualization', 'visualization_user_share_association'),
];
