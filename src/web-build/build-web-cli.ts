import { buildWeb } from './build-web';
import { isWebBuildStale } from './web-build-stamp';

/**
 * `npm run web:build`: builds the web UI into web/dist. With `--if-stale` (npm install's postinstall)
 * it does nothing when web/dist was built from today's sources.
 */
async function main(): Promise<void> {
  if (process.argv.includes('--if-stale') && !isWebBuildStale()) {
    process.stdout.write('web UI: web/dist is up to date\n');
    return;
  }
  await buildWeb();
}

main().catch((error: unknown) => {
  process.stderr.write(`web UI build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
