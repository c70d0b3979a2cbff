import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFile {
  path: string;
  bytes: number;
  gzipBytes: number;
  /** Loaded by index.html before the app runs (the entry script and its preloaded chunks). */
  initial: boolean;
}

export interface BundleReport {
  files: BundleFile[];
  initialJsGzipBytes: number;
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name.startsWith('.') ? [] : entry.isDirectory() ? allFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The scripts index.html loads at once: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
function initialScripts(indexHtml: string): Set<string> {
  const scripts = new Set<string>();
  for (const match of indexHtml.matchAll(/<script[^>]*\bsrc="\/([^"]+\.js)"/g)) scripts.add(match[1]);
  for (const match of indexHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)) scripts.add(match[1]);
  return scripts;
}

/** Sizes of a built web/dist, raw and gzipped, and the gzipped size of its initial JavaScript. */
export function bundleReport(distDir: string): BundleReport {
  const initial = initialScripts(readFileSync(join(distDir, 'index.html'), 'utf8'));
  const files = allFiles(distDir).map((file) => {
    const content = readFileSync(file);
    const path = relative(distDir, file);
    return { path, bytes: statSync(file).size, gzipBytes: gzipSync(content, { level: 9 }).length, initial: initial.has(path) };
  });
  const initialJsGzipBytes = files.filter((file) => file.initial).reduce((sum, file) => sum + file.gzipBytes, 0);
  return { files: files.sort((a, b) => b.bytes - a.bytes), initialJsGzipBytes };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report as the build prints it: one line per file, then the initial JavaScript's gzipped total. */
export function formatBundleReport(report: BundleReport, budgetBytes: number): string {
  const width = Math.max(...report.files.map((file) => file.path.length));
  const lines = report.files.map(
    (file) => `  ${file.path.padEnd(width)}  ${kilobytes(file.bytes).padStart(10)}  gzip ${kilobytes(file.gzipBytes).padStart(9)}${file.initial ? '  (initial)' : ''}`,
  );
  return [
    'web bundle sizes:',
    ...lines,
    `initial JavaScript: ${kilobytes(report.initialJsGzipBytes)} gzipped (budget ${kilobytes(budgetBytes)})`,
  ].join('\n');
}
