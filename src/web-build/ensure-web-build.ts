import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Logger } from '../logging/logger';
import { bundleReport } from './bundle-report';
import { isWebBuildStale, REPOSITORY_ROOT, WEB_DIST_DIR } from './web-build-stamp';

const BUILD_CLI = join(REPOSITORY_ROOT, 'src', 'web-build', 'build-web-cli.ts');

/**
 * Builds the web UI when web/dist is missing or older than its sources, in a child process (the
 * build's own output goes to stderr, beside the JSON logs), and logs the outcome. A failed build
 * rejects: the caller decides whether to start without the UI.
 */
export async function ensureWebBuild(log: Logger): Promise<void> {
  if (!isWebBuildStale()) {
    log.debug({ dir: WEB_DIST_DIR }, 'web UI is up to date');
    return;
  }
  log.info({ dir: WEB_DIST_DIR }, 'web UI sources changed since the last build: building it');
  const started = Date.now();
  let output = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', BUILD_CLI], { cwd: REPOSITORY_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`building the web UI failed (exit ${code}):\n${output.slice(-4000)}`);
  const { initialJsGzipBytes } = bundleReport(WEB_DIST_DIR);
  log.info({ dir: WEB_DIST_DIR, ms: Date.now() - started, initialJsGzipKB: Math.round(initialJsGzipBytes / 102.4) / 10 }, 'web UI built');
}
