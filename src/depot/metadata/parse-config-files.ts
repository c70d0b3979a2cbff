import { ToolParseError } from '../../tools/errors';
import { childElements, firstChild, parseXmlDocument, textContent, type XmlElement } from '../../tools/xml/xml-tree';
import type { DatatypeMetadata, EnvironmentDependency, PackageDependency, ToolDependencies } from './metadata-types';

/** A `<repository>` of repository_dependencies.xml, before its depot and revision are filled in. */
export interface DeclaredRepositoryDependency {
  toolshed: string | null;
  name: string;
  owner: string;
  changesetRevision: string | null;
  priorInstallationRequired: boolean;
  onlyIfCompilingContainedTd: boolean;
}

const truthy = (value: string | undefined) => ['true', 'yes', 'on', '1'].includes((value ?? '').trim().toLowerCase());

/** The root element of a configuration file, or a parse error naming the file. */
function rootOf(text: string, path: string, expected: string): XmlElement {
  const root = parseXmlDocument(text, path);
  if (root.tag !== expected) throw new ToolParseError(`the root element is <${root.tag}>, not <${expected}>`, path);
  return root;
}

/** `datatypes_conf.xml`: the datatypes it registers (`<registration><datatype extension= type= …/>`). */
export function parseDatatypesConf(text: string, path: string): DatatypeMetadata[] {
  const root = rootOf(text, path, 'datatypes');
  const registration = firstChild(root, 'registration');
  if (!registration) return [];
  return childElements(registration, 'datatype')
    .filter((element) => element.attrs.extension)
    .map((element) => {
      const datatype: DatatypeMetadata = { extension: element.attrs.extension, dtype: element.attrs.type ?? '' };
      if (element.attrs.mimetype) datatype.mimetype = element.attrs.mimetype;
      if (element.attrs.subclass !== undefined) datatype.subclass = element.attrs.subclass;
      if (element.attrs.display_in_upload !== undefined) datatype.display_in_upload = element.attrs.display_in_upload;
      return datatype;
    });
}

/** `repository_dependencies.xml`: its description and the repositories it names. */
export function parseRepositoryDependencies(text: string, path: string): { description: string | null; dependencies: DeclaredRepositoryDependency[] } {
  const root = rootOf(text, path, 'repositories');
  return {
    description: root.attrs.description ?? null,
    dependencies: childElements(root, 'repository').map((element) => {
      const { name, owner } = element.attrs;
      if (!name || !owner) throw new ToolParseError('a <repository> needs name and owner attributes', path);
      return {
        toolshed: element.attrs.toolshed?.trim() || null,
        name,
        owner,
        changesetRevision: element.attrs.changeset_revision?.trim() || null,
        priorInstallationRequired: truthy(element.attrs.prior_installation_required),
        onlyIfCompilingContainedTd: truthy(element.attrs.only_if_compiling_contained_td),
      };
    }),
  };
}

/**
 * `tool_dependencies.xml`: packages under `"<name>/<version>"`, environment variables under
 * `set_environment` (the platform's layout).
 */
export function parseToolDependencies(text: string, path: string): ToolDependencies | null {
  const root = rootOf(text, path, 'tool_dependency');
  const dependencies: ToolDependencies = {};
  for (const element of childElements(root, 'package')) {
    const { name, version } = element.attrs;
    if (!name || !version) throw new ToolParseError('a <package> needs name and version attributes', path);
    const entry: PackageDependency = { name, version, type: 'package' };
    const readme = firstChild(element, 'readme');
    if (readme) entry.readme = textContent(readme).trim();
    dependencies[`${name}/${version}`] = entry;
  }
  const environment: EnvironmentDependency[] = [];
  for (const element of childElements(root, 'set_environment')) {
    for (const variable of childElements(element, 'environment_variable')) {
      if (variable.attrs.name) environment.push({ name: variable.attrs.name, type: 'set_environment' });
    }
  }
  if (environment.length) dependencies.set_environment = environment;
  return Object.keys(dependencies).length ? dependencies : null;
}
