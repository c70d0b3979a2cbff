import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunnerArgs, RunnerConfigError } from '../../../src/remote-runner/config';
import type { RunnerConfig } from '../../../src/remote-runner/types';

function config(argv: string[], env: NodeJS.ProcessEnv = {}): RunnerConfig {
  const parsed = parseRunnerArgs(argv, env);
  if (parsed.help) throw new Error('unexpected --help');
  return parsed.config;
}

function failure(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    parseRunnerArgs(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(RunnerConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
}

describe('parseRunnerArgs', () => {
  it('applies the defaults', () => {
    expect(config(['--url', 'http://server:8080/', '--token', 't'])).toEqual({
      url: 'http://server:8080',
      token: 't',
      workDir: join(tmpdir(), 'runner'),
      concurrency: 1,
      pollIntervalMs: 2000,
      once: false,
      name: hostname(),
      heartbeatIntervalMs: 15000,
      killGraceMs: 5000,
    });
  });

  it('reads every option', () => {
    const parsed = config(
      ['--url', 'https://galaxy.example.org/prefix', '--token', 't', '--work-dir', '/var/tmp/r', '--concurrency', '4', '--poll-interval', '500', '--heartbeat', '3000', '--once', '--name', 'node7'],
    );
    expect(parsed).toMatchObject({ url: 'https://galaxy.example.org/prefix', workDir: '/var/tmp/r', concurrency: 4, pollIntervalMs: 500, heartbeatIntervalMs: 3000, once: true, name: 'node7' });
  });

  it('takes the token from RUNNER_TOKEN, the option winning', () => {
    expect(config(['--url', 'http://s'], { RUNNER_TOKEN: 'from-env' }).token).toBe('from-env');
    expect(config(['--url', 'http://s', '--token', 'flag'], { RUNNER_TOKEN: 'from-env' }).token).toBe('flag');
  });

  it('recognises --help', () => {
    expect(parseRunnerArgs(['--help'], {})).toEqual({ help: true });
  });

  it.each<[string[], RegExp]>([
    [['--token', 't'], /Missing --url/],
    [['--url', 'not a url', '--token', 't'], /not a valid URL/],
    [['--url', 'ftp://server', '--token', 't'], /http or https/],
    [['--url', 'http://server?x=1', '--token', 't'], /query or fragment/],
    [['--url', 'http://server'], /Missing runner token/],
    [['--url', 'http://server', '--token', '  '], /Missing runner token/],
    [['--url', 'http://server', '--token', 't', '--concurrency', '0'], /--concurrency must be a positive integer/],
    [['--url', 'http://server', '--token', 't', '--concurrency', 'two'], /--concurrency must be a positive integer/],
    [['--url', 'http://server', '--token', 't', '--poll-interval', '1.5'], /--poll-interval must be a positive integer/],
    [['--url', 'http://server', '--token', 't', '--work-dir', '/tmp/my runner'], /--work-dir must contain no spaces/],
    [['--url', 'http://server', '--token', 't', '--name', ''], /--name must not be empty/],
    [['--url', 'http://server', '--token', 't', '--bogus'], /Unknown option '--bogus'/],
    [['--url', 'http://server', '--token', 't', 'extra'], /Unexpected argument 'extra'/],
    [['--url'], /--url.*argument missing/],
  ])('refuses %j', (argv, message) => {
    expect(failure(argv)).toMatch(message);
  });
});
