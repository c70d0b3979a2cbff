import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleReport, formatBundleReport } from './bundle-report';
import { REPOSITORY_ROOT, WEB_DIR, WEB_DIST_DIR, webSourcesHash, writeWebBuildStamp } from './web-build-stamp';

/** The largest initial JavaScript (gzipped) the build accepts. */
export const INITIAL_JS_BUDGET_BYTES = 300 * 1024;

/** A package's command-line script, run by this Node (no shell, no npx). */
function packageBin(packageName: string, binPath: string): string {
  return join(require.resolve(`${packageName}/package.json`, { paths: [REPOSITORY_ROOT] }), '..', binPath);
}

function run(script: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // A production bundle even when called from jest (NODE_ENV=test would bundle React's development build).
    const child = spawn(process.execPath, [script, ...args], { cwd: REPOSITORY_ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${script} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Builds web/ into web/dist: the GraphQL typings from schema/schema.graphql (gql.tada), then the
 * bundle (Vite); prints the bundle sizes and fails when the initial JavaScript is over budget.
 * The stamp records the sources read, hashed before building (an edit made meanwhile leaves it stale).
 */
export async function buildWeb(): Promise<void> {
  const hash = webSourcesHash();
  await run(packageBin('gql.tada', 'bin/cli.js'), ['generate', 'output', '--tsconfig', join(WEB_DIR, 'tsconfig.json')]);
  // Built beside web/dist and swapped in whole: a process serving web/dist (or another build under
  // way) never sees half a build, and a failed build leaves the last good one.
  const staging = `${WEB_DIST_DIR}.building-${process.pid}`;
  try {
    await run(packageBin('vite', 'bin/vite.js'), ['build', '--config', join(WEB_DIR, 'vite.config.ts'), '--logLevel', 'warn', '--outDir', staging, '--emptyOutDir']);
    const report = bundleReport(staging);
    process.stdout.write(`${formatBundleReport(report, INITIAL_JS_BUDGET_BYTES)}\n`);
    if (report.initialJsGzipBytes > INITIAL_JS_BUDGET_BYTES) {
      throw new Error(`the initial JavaScript is ${report.initialJsGzipBytes} bytes gzipped, over the budget of ${INITIAL_JS_BUDGET_BYTES}`);
    }
    writeWebBuildStamp(hash, staging);
    swapInto(staging, WEB_DIST_DIR);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Replaces a directory by another with two renames (the old one is removed after). */
function swapInto(built: string, target: string): void {
  const retired = `${target}.retired-${process.pid}`;
  if (existsSync(target)) renameSync(target, retired);
  renameSync(built, target);
  rmSync(retired, { recursive: true, force: true });
}
