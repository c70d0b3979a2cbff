/**
 * Remote job runner: claims tool jobs from a platform server and runs them on this machine.
 *   npm run runner -- --url http://server:8080 --token <runner token> [--work-dir /tmp/runner]
 *                     [--concurrency 1] [--poll-interval 2000] [--once] [--name <runner name>]
 * SIGTERM/SIGINT stop claiming and let running jobs finish; a second signal kills them.
 */
import { createLogger } from '../logging/logger';
import { parseRunnerArgs, RUNNER_USAGE, RunnerConfigError } from './config';
import { RunnerGraphqlClient } from './graphql-client';
import { JobFilesClient } from './job-files';
import { WorkerLoop } from './worker-loop';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseRunnerArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof RunnerConfigError)) throw error;
    process.stderr.write(`${error.message}\n\n${RUNNER_USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${RUNNER_USAGE}\n`);
    return 0;
  }
  const { config } = parsed;
  const log = createLogger(process.env.LOG_LEVEL ?? 'info');
  const loop = new WorkerLoop(config, {
    api: new RunnerGraphqlClient({ url: config.url, token: config.token }),
    files: new JobFilesClient({ url: config.url, token: config.token }),
    log,
  });

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals === 1) {
      log.info({ signal, running: loop.runningJobs }, 'stopping: no new jobs; running jobs will finish');
      loop.stop();
    } else {
      log.warn({ signal }, 'stopping now: killing running jobs');
      loop.interruptJobs();
    }
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  try {
    await loop.run();
    return 0;
  } catch (error) {
    log.error({ err: error }, 'runner failed');
    return 1;
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
