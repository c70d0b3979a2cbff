/**
 * `<plugins>`: the runner plugins. The platform's local runner and its Slurm runner are this
 * platform's two runners; every other runner (DRMAA, PBS, Condor, CLI, Pulsar, dynamic rules) is
 * refused, since a job sent there could not run. The platform names a plugin's code in `load`
 * (`module:Class`, a module, or a bare runner name it prefixes with `galaxy.jobs.runners.`).
 */
import { childElements, type XmlElement } from '../../tools/xml/xml-tree';
import type { ConfReader } from './conf-reader';
import type { JobPlugin, RunnerKind } from './types';

const RUNNERS: Record<RunnerKind, { module: string; className: string }> = {
  local: { module: 'galaxy.jobs.runners.local', className: 'LocalJobRunner' },
  slurm: { module: 'galaxy.jobs.runners.slurm', className: 'SlurmJobRunner' },
};

const UNSUPPORTED = 'is not supported: this platform runs jobs locally or on Slurm (galaxy.jobs.runners.local:LocalJobRunner, galaxy.jobs.runners.slurm:SlurmJobRunner)';

/** The runner a `load` value names, or null for any other. */
function runnerKindOf(load: string): RunnerKind | null {
  for (const kind of Object.keys(RUNNERS) as RunnerKind[]) {
    const { module, className } = RUNNERS[kind];
    if ([`${module}:${className}`, module, kind].includes(load)) return kind;
  }
  return null;
}

function parsePlugin(reader: ConfReader, plugin: XmlElement, defaultWorkers: number | null): JobPlugin {
  reader.allowAttributes(plugin, ['id', 'type', 'load', 'workers']);
  reader.allowChildren(plugin, ['param']);
  const id = reader.required(plugin, 'id');
  const type = reader.required(plugin, 'type');
  if (type !== 'runner') {
    reader.fail(plugin, `plugin '${id}' has type "${type}": job_conf.xml plugins are runners (type="runner"); job metrics are not configured here`);
  }
  if (id === 'dynamic') reader.fail(plugin, `runner plugin 'dynamic' (dynamic destination rules) ${UNSUPPORTED}`);
  const load = reader.optional(plugin, 'load');
  if (load === null) {
    reader.fail(plugin, `runner plugin '${id}' needs a 'load' attribute naming its runner (galaxy.jobs.runners.local:LocalJobRunner or galaxy.jobs.runners.slurm:SlurmJobRunner)`);
  }
  const kind = runnerKindOf(load);
  if (kind === null) reader.fail(plugin, `runner plugin '${id}' (${load}) ${UNSUPPORTED}`);
  const workers = plugin.attrs.workers === undefined ? defaultWorkers : reader.positiveInteger(plugin, plugin.attrs.workers, `workers of plugin '${id}'`);
  return { id, kind, workers, params: reader.params(plugin) };
}

export function parsePlugins(reader: ConfReader, plugins: XmlElement | undefined): JobPlugin[] {
  if (plugins === undefined) return [];
  reader.allowAttributes(plugins, ['workers']);
  reader.allowChildren(plugins, ['plugin']);
  const defaultWorkers = plugins.attrs.workers === undefined ? null : reader.positiveInteger(plugins, plugins.attrs.workers, 'workers of <plugins>');
  const parsed: JobPlugin[] = [];
  for (const plugin of childElements(plugins, 'plugin')) {
    const read = parsePlugin(reader, plugin, defaultWorkers);
    if (parsed.some((other) => other.id === read.id)) reader.fail(plugin, `plugin id '${read.id}' is defined twice`);
    parsed.push(read);
  }
  return parsed;
}
