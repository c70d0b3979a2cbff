/**
 * `<destinations default="…">`: where jobs run. Each `<destination id runner tags>` names a plugin,
 * carries `<param>`s (a Slurm destination's `nativeSpecification` are its sbatch options), `<env>`
 * statements for the job script and `<resubmit>` rules (parse-resubmits.ts). A tag gathers
 * destinations; `default` names a destination or a tag.
 */
import { childElements, type XmlElement } from '../../tools/xml/xml-tree';
import type { ConfReader } from './conf-reader';
import { NativeSpecificationError, nativeSpecificationArgs } from './native-specification';
import { readResubmits, resolveResubmits, type WrittenResubmit } from './parse-resubmits';
import type { EnvEntry, JobDestination, JobPlugin } from './types';

/** The platform's `asbool`. */
export const asBool = (value: string | undefined): boolean => ['true', 'yes', 'on', 'y', 't', '1'].includes((value ?? '').trim().toLowerCase());

const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function parseEnv(reader: ConfReader, env: XmlElement, destinationId: string): EnvEntry {
  reader.allowAttributes(env, ['id', 'file', 'exec', 'raw']);
  reader.allowChildren(env, []);
  const given = (['id', 'file', 'exec'] as const).filter((name) => env.attrs[name] !== undefined);
  if (given.length !== 1) {
    reader.fail(env, `an <env> of destination '${destinationId}' needs exactly one of id="NAME" (a variable), file="…" (a file to source) or exec="…" (a command)${given.length > 1 ? `, not ${given.join(' and ')}` : ''}`);
  }
  const raw = asBool(env.attrs.raw);
  if (given[0] === 'file') return { file: reader.required(env, 'file'), raw };
  if (given[0] === 'exec') return { exec: reader.required(env, 'exec') };
  const name = reader.required(env, 'id');
  if (!SHELL_NAME.test(name)) reader.fail(env, `<env id="${name}"> of destination '${destinationId}': a variable name is letters, digits and _ and does not start with a digit`);
  return { name, value: reader.text(env), raw };
}

function checkNativeSpecification(reader: ConfReader, element: XmlElement, id: string, spec: string): void {
  let words: string[];
  try {
    words = nativeSpecificationArgs(spec);
  } catch (error) {
    if (error instanceof NativeSpecificationError) reader.fail(element, `nativeSpecification of destination '${id}': ${error.message}`);
    throw error;
  }
  if (words.length > 0 && !words[0].startsWith('-')) {
    reader.fail(element, `nativeSpecification of destination '${id}' must start with an sbatch option (such as --partition=…), not "${words[0]}"`);
  }
}

function parseDestination(reader: ConfReader, destination: XmlElement, plugins: JobPlugin[]): JobDestination {
  reader.allowAttributes(destination, ['id', 'runner', 'tags', 'metrics']);
  const id = reader.required(destination, 'id');
  reader.allowChildren(destination, ['param', 'env', 'job_metrics', 'resubmit']);
  const runner = reader.required(destination, 'runner');
  const plugin = plugins.find((candidate) => candidate.id === runner);
  if (plugin === undefined) {
    reader.fail(destination, `destination '${id}' names runner '${runner}', which no <plugin> of <plugins> defines${plugins.length > 0 ? ` (defined: ${plugins.map((p) => p.id).join(', ')})` : ''}`);
  }
  if (destination.attrs.metrics !== undefined || childElements(destination, 'job_metrics').length > 0) {
    reader.notice(`destination '${id}': its own job metrics configuration has no effect; every job records the same metrics`);
  }
  const params = reader.params(destination);
  if (asBool(params.docker_enabled)) {
    reader.fail(destination, `destination '${id}' sets docker_enabled: running jobs in Docker containers is not supported`);
  }
  const nativeSpecification = Object.hasOwn(params, 'nativeSpecification') ? params.nativeSpecification : null;
  if (nativeSpecification !== null) {
    const paramElement = childElements(destination, 'param').find((param) => param.attrs.id?.trim() === 'nativeSpecification') ?? destination;
    if (plugin.kind !== 'slurm') {
      reader.fail(paramElement, `destination '${id}' runs on the ${plugin.kind} runner '${plugin.id}': only Slurm destinations take a nativeSpecification`);
    }
    checkNativeSpecification(reader, paramElement, id, nativeSpecification);
  }
  return {
    id,
    pluginId: plugin.id,
    kind: plugin.kind,
    tags: [...new Set(reader.list(destination, 'tags'))],
    nativeSpecification,
    params,
    env: childElements(destination, 'env').map((env) => parseEnv(reader, env, id)),
    resubmit: [],
  };
}

export interface ParsedDestinations {
  destinations: JobDestination[];
  /** `default` as written (an id or a tag), or the only destination's id. */
  defaultName: string;
}

export function parseDestinations(reader: ConfReader, element: XmlElement | undefined, plugins: JobPlugin[]): ParsedDestinations {
  if (element === undefined) reader.fail(null, 'job_conf.xml has no <destinations>: jobs need at least one destination');
  reader.allowAttributes(element, ['default']);
  reader.allowChildren(element, ['destination']);
  const destinations: JobDestination[] = [];
  const resubmits = new Map<string, WrittenResubmit[]>();
  for (const destination of childElements(element, 'destination')) {
    const parsed = parseDestination(reader, destination, plugins);
    if (destinations.some((other) => other.id === parsed.id)) reader.fail(destination, `destination id '${parsed.id}' is defined twice`);
    destinations.push(parsed);
    resubmits.set(parsed.id, readResubmits(reader, destination, parsed.id));
  }
  if (destinations.length === 0) reader.fail(element, '<destinations> has no <destination>');
  for (const destination of destinations) {
    const clash = destination.tags.find((tag) => destinations.some((other) => other.id === tag));
    if (clash !== undefined) reader.fail(element, `destination '${destination.id}' has the tag '${clash}', which is also a destination id: a name is either`);
  }
  resolveResubmits(reader, destinations, resubmits);
  const written = reader.optional(element, 'default');
  if (written === null) {
    if (destinations.length > 1) reader.fail(element, '<destinations> has several destinations and no default attribute: name the destination (or tag) of tools not mapped in <tools>');
    return { destinations, defaultName: destinations[0].id };
  }
  return { destinations, defaultName: written };
}
