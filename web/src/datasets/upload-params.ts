/** A parameter as the dataset screen lists it: its name in the form's words, its value as text. */
export interface ParamRow {
  name: string;
  value: string;
}

const parsed = (text: unknown): unknown => {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const yesNo = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value) && value !== 'None') ? 'Yes' : 'No';

/** What was uploaded, as the person gave it: a file's own name, the URLs, or how much text was pasted. */
function sourceOf(file: Record<string, unknown>): string {
  const data = file.file_data;
  if (isRecord(data) && typeof data.name === 'string') return `File ${data.name}`;
  const pasted = typeof file.url_paste === 'string' ? file.url_paste.trim() : '';
  if (!pasted) return 'Nothing';
  const lines = pasted.split(/\r?\n/).filter(Boolean);
  if (lines.every((line) => /^(https?|ftp):\/\//i.test(line.trim()))) return `URL ${lines.join(', ')}`;
  return `Pasted text (${pasted.length} characters)`;
}

/**
 * The upload tool's parameters in the upload form's words: the type, the genome build and, for each
 * upload, where it came from and how its text was converted. The stored parameters also hold where
 * the server kept the file; that path is the server's business and never shown.
 */
export function uploadParamRows(params: Record<string, unknown>): ParamRow[] {
  const rows: ParamRow[] = [
    { name: 'Type', value: String(parsed(params.file_type) ?? 'auto') },
    { name: 'Genome build', value: String(parsed(params.dbkey) ?? '?') },
  ];
  const files = parsed(params.files);
  const list = Array.isArray(files) ? files.filter(isRecord) : [];
  list.forEach((file, index) => {
    const prefix = list.length > 1 ? `Upload ${index + 1}: ` : '';
    rows.push({ name: `${prefix}Source`, value: sourceOf(file) });
    rows.push({ name: `${prefix}Convert spaces to tabs`, value: yesNo(file.space_to_tab) });
    rows.push({ name: `${prefix}Convert universal line endings to POSIX line endings`, value: yesNo(file.to_posix_lines) });
  });
  return rows;
}

/** Any other tool's parameters: each stored value as its JSON text, a plain string without its quotes. */
export function paramRows(params: Record<string, unknown>): ParamRow[] {
  return Object.entries(params).map(([name, value]) => {
    const inner = parsed(value);
    return { name, value: typeof inner === 'string' ? inner : typeof value === 'string' ? value : JSON.stringify(value) };
  });
}
