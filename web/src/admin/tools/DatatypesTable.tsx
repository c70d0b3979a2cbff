import { useState } from 'react';
import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ListTable, type ListColumn } from '../../ui/ListTable';
import { DatatypesRegistryQuery } from './tools-documents';
import { ScrollRegion } from './ScrollRegion';
import { useShownRows } from './shown-rows';
import './tools-admin.css';

interface DatatypeRow {
  extension: string;
  className: string;
  description: string;
  /** Extensions a converter makes from it, with the converter's tool. */
  converters: Array<{ target: string; toolId: string }>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The registry's answers (JSON) as rows: each datatype with its class and converters. */
function datatypeRows(datatypes: unknown, mapping: Record<string, unknown> | undefined, converters: ReadonlyArray<Record<string, unknown>> | undefined): DatatypeRow[] {
  const classes = (mapping?.ext_to_class_name ?? {}) as Record<string, unknown>;
  const bySource = new Map<string, DatatypeRow['converters']>();
  for (const converter of converters ?? []) {
    const list = bySource.get(text(converter.source)) ?? [];
    list.push({ target: text(converter.target), toolId: text(converter.tool_id) });
    bySource.set(text(converter.source), list);
  }
  const elements = Array.isArray(datatypes) ? (datatypes as Array<Record<string, unknown>>) : [];
  return elements
    .map((element) => ({ extension: text(element.extension), className: text(classes[text(element.extension)]), description: text(element.description), converters: bySource.get(text(element.extension)) ?? [] }))
    .sort((a, b) => a.extension.localeCompare(b.extension));
}

const columns: ReadonlyArray<ListColumn<DatatypeRow>> = [
  { header: 'Extension', rowHeader: true, cell: (row) => <code>{row.extension}</code> },
  { header: 'Class', cell: (row) => row.className || '—' },
  { header: 'Description', cell: (row) => row.description || '—' },
  { header: 'Converts to', cell: (row) => (row.converters.length === 0 ? '—' : row.converters.map((converter) => `${converter.target} (${converter.toolId})`).join(', ')) },
];

/** The datatypes registry ("View datatypes registry"): every datatype, its class, and the converters from it. */
export function DatatypesTable() {
  const [registry] = useQuery({ query: DatatypesRegistryQuery });
  const [filter, setFilter] = useState('');
  const rows = registry.data ? datatypeRows(registry.data.datatypes, registry.data.datatypeMapping, registry.data.datatypeConverters) : [];
  const shown = useShownRows(rows, filter, (row, words) => `${row.extension} ${row.className} ${row.description} ${row.converters.map((converter) => converter.target).join(' ')}`.toLowerCase().includes(words));
  const converterCount = rows.reduce((count, row) => count + row.converters.length, 0);
  return (
    <section aria-labelledby="datatypes">
      <h2 id="datatypes">Datatypes and converters</h2>
      <label className="admin-filter">
        Filter datatypes
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="extension or class" />
      </label>
      <ErrorMessage error={registry.error} what="Could not read the datatypes registry" />
      {registry.fetching && !registry.data && <p role="status">Loading…</p>}
      <p className="muted">
        {shown.total} of {rows.length} datatypes; {converterCount} converters
      </p>
      <ScrollRegion label="Datatypes registry">
        <ListTable
        scroll={false}
        columns={columns}
        rows={registry.data ? shown.rows : undefined}
        rowKey={(row) => row.extension}
        caption="Datatypes with their classes and converters"
        empty="No datatype matches the filter."
        footer={
          shown.more && (
            <button type="button" onClick={shown.more}>
              Show more datatypes
            </button>
          )
        }
        />
      </ScrollRegion>
    </section>
  );
}
