import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temporary folder for one test file; call cleanup in afterAll. */
export function scratch(): { file: (name: string, content: string | Buffer) => string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'datatypes-'));
  return {
    file: (name, content) => {
      const target = path.join(dir, name);
      writeFileSync(target, content);
      return target;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const lines = (...rows: string[]): string => rows.map((r) => `${r}\n`).join('');
export const tsv = (...fields: (string | number)[]): string => fields.join('\t');
