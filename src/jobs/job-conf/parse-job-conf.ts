/**
 * Reads a `job_conf.xml` in the platform's format (release 15.05) into a JobConfig. The subset this
 * platform honours is accepted; anything else is refused with the element, the line and why:
 * - `<plugins>`: runner plugins loading the platform's local or Slurm runner (parse-plugins.ts);
 * - `<handlers>`: read and without effect, since every server process takes jobs from the database
 *   (the platform assigns each job to a named handler process; here any process may claim it);
 * - `<destinations>`: parse-destinations.ts; `<tools>`: parse-tools.ts; `<limits>`: parse-limits.ts;
 * - `<resources>` (job resource parameters, which only feed dynamic rules) is refused.
 * Uploads (`upload1`) run on a local destination unless `<tools>` maps upload1 to a destination.
 */
import { ToolParseError } from '../../tools/errors';
import { childElements, parseXmlDocument, type XmlElement } from '../../tools/xml/xml-tree';
import { ConfReader, type Env } from './conf-reader';
import { elementLines } from './element-lines';
import { resolveDestinationName } from './destination-names';
import { parseDestinations } from './parse-destinations';
import { parseLimits } from './parse-limits';
import { parsePlugins } from './parse-plugins';
import { parseTools, UPLOAD_TOOL_ID } from './parse-tools';
import { JobConfigError, type JobConfig, type JobDestination, type JobPlugin } from './types';

const SECTIONS = ['plugins', 'handlers', 'destinations', 'tools', 'limits'];

export interface ParseOptions {
  /** Where `<param from_environ="…">` values are read (default: this process's environment). */
  env?: Env;
}

function parseHandlers(reader: ConfReader, handlers: XmlElement | undefined): void {
  if (handlers === undefined) return;
  reader.allowAttributes(handlers, ['default']);
  reader.allowChildren(handlers, ['handler']);
  const ids: string[] = [];
  for (const handler of childElements(handlers, 'handler')) {
    reader.allowAttributes(handler, ['id', 'tags']);
    reader.allowChildren(handler, ['plugin']);
    ids.push(reader.required(handler, 'id'));
    for (const plugin of childElements(handler, 'plugin')) {
      reader.allowAttributes(plugin, ['id']);
      reader.allowChildren(plugin, []);
    }
  }
  reader.notice(`<handlers> (${ids.join(', ') || 'none'}) has no effect: every server process takes jobs from the database and runs every plugin`);
}

/** The first of `base`, `base_2`, … not taken. */
function freeName(base: string, taken: ReadonlySet<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
  return name;
}

/** Where uploads run: the explicit upload1 mapping, else the default destination if local, else the first local one, else a local destination added for them. */
function uploadDestination(reader: ConfReader, explicit: string | null, defaultId: string, plugins: JobPlugin[], destinations: JobDestination[]): string {
  if (explicit !== null) return explicit;
  const local = [destinations.find((d) => d.id === defaultId), ...destinations].find((d) => d?.kind === 'local');
  if (local !== undefined) return local.id;
  let pluginId = plugins.find((p) => p.kind === 'local')?.id;
  if (pluginId === undefined) {
    pluginId = freeName('local', new Set(plugins.map((p) => p.id)));
    plugins.push({ id: pluginId, kind: 'local', workers: null, params: {} });
  }
  const id = freeName('local', new Set(destinations.flatMap((d) => [d.id, ...d.tags])));
  destinations.push({ id, pluginId, kind: 'local', tags: [], nativeSpecification: null, params: {}, env: [], resubmit: [] });
  reader.notice(`no local destination: uploads (${UPLOAD_TOOL_ID}) run on an added local destination '${id}'`);
  return id;
}

export function parseJobConf(xmlText: string, source: string, options: ParseOptions = {}): JobConfig {
  let root: XmlElement;
  try {
    root = parseXmlDocument(xmlText);
  } catch (error) {
    if (error instanceof ToolParseError) throw new JobConfigError(source, error.message);
    throw error;
  }
  const reader = new ConfReader(source, elementLines(xmlText, root), options.env ?? process.env);
  if (root.tag !== 'job_conf') reader.fail(root, `the root element is <${root.tag}>; a job configuration is a <job_conf> document`);
  reader.allowAttributes(root, []);
  reader.allowChildren(root, SECTIONS, {
    resources: 'job resource parameters (<resources>) are not supported: they only feed dynamic destination rules, which this platform does not run',
  });
  for (const tag of SECTIONS) {
    const [, second] = childElements(root, tag);
    if (second !== undefined) reader.fail(second, `<${tag}> appears more than once`);
  }
  const section = (tag: string) => childElements(root, tag)[0];
  const plugins = parsePlugins(reader, section('plugins'));
  parseHandlers(reader, section('handlers'));
  const destinationsElement = section('destinations');
  const { destinations, defaultName } = parseDestinations(reader, destinationsElement, plugins);
  const defaultDestinationId = resolveDestinationName(reader, destinationsElement ?? root, destinations, defaultName, 'the default destination');
  const tools = parseTools(reader, section('tools'), destinations, defaultDestinationId);
  const limits = parseLimits(reader, section('limits'), destinations);
  const uploadDestinationId = uploadDestination(reader, tools.uploadDestinationId, defaultDestinationId, plugins, destinations);
  return {
    source,
    plugins,
    destinations,
    defaultDestinationId,
    toolDestinations: tools.toolDestinations,
    uploadDestinationId,
    limits,
    notices: reader.notices,
  };
}
