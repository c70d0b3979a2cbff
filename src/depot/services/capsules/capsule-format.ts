import { ToolParseError } from '../../../tools/errors';
import { childElements, firstChild, parseXmlDocument, textContent } from '../../../tools/xml/xml-tree';

/**
 * A capsule (the platform's exported repositories): a gzip tar holding `export_info.xml`,
 * `manifest.xml` (the repositories, dependencies first) and one archive per repository, named
 * `<name>-<changeset>.tar.gz`, with the revision's files at its root. This depot adds a git bundle
 * per repository (`<name>-<changeset>.bundle`, named by a `<bundle>` element the original ignores)
 * so an import recreates every revision up to the exported one, with the same changesets.
 */
export interface ManifestRepository {
  name: string;
  owner: string;
  type: string;
  archive: string;
  bundle: string | null;
  changesetRevision: string;
  description: string;
  longDescription: string;
  categories: string[];
}

export interface ExportInfo {
  exportTime: Date;
  depotUrl: string;
  name: string;
  owner: string;
  changesetRevision: string;
  exportRepositoryDependencies: boolean;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The platform's time format of export_info.xml (`Thu, 26 Nov 2026 13:00:00 +0000`). */
const exportTime = (date: Date) => date.toUTCString().replace('GMT', '+0000');

export function exportInfoXml(info: ExportInfo): string {
  return `<?xml version="1.0"?>
<export_info>
    <export_time>${exportTime(info.exportTime)}</export_time>
    <tool_shed>${escape(info.depotUrl)}</tool_shed>
    <repository_name>${escape(info.name)}</repository_name>
    <repository_owner>${escape(info.owner)}</repository_owner>
    <changeset_revision>${escape(info.changesetRevision)}</changeset_revision>
    <export_repository_dependencies>${info.exportRepositoryDependencies ? 'True' : 'False'}</export_repository_dependencies>
    <exported_via_api>True</exported_via_api>
</export_info>
`;
}

export function manifestXml(repositories: ManifestRepository[]): string {
  const items = repositories.map(
    (repository) => `    <repository name="${escape(repository.name)}" type="${escape(repository.type)}" username="${escape(repository.owner)}">
        <archive>${escape(repository.archive)}</archive>
${repository.bundle ? `        <bundle>${escape(repository.bundle)}</bundle>\n` : ''}        <description>${escape(repository.description)}</description>
        <long_description>${escape(repository.longDescription)}</long_description>
        <categories>
${repository.categories.map((category) => `            <category>${escape(category)}</category>`).join('\n')}
        </categories>
    </repository>`,
  );
  return `<?xml version="1.0"?>\n<repositories>\n${items.join('\n')}\n</repositories>\n`;
}

/** An archive or bundle name of a manifest: a plain file name of the capsule, nothing else. */
function memberName(text: string): string {
  const name = text.trim();
  if (!name || name.includes('/') || name.includes('\\') || name === '.' || name === '..') throw new ToolParseError(`"${name}" is not a file name of the capsule`, 'manifest.xml');
  return name;
}

/** The repositories of a manifest, in import order; a manifest that is not one is a ToolParseError. */
export function parseManifest(text: string): ManifestRepository[] {
  const root = parseXmlDocument(text, 'manifest.xml');
  if (root.tag !== 'repositories') throw new ToolParseError('the root element is not <repositories>', 'manifest.xml');
  return childElements(root).map((element) => {
    if (element.tag !== 'repository') throw new ToolParseError(`All level one sub-elements in the manifest.xml file must be <repository> tag sets. The tag <${element.tag}> is invalid.`, 'manifest.xml');
    const { name, username, type } = element.attrs;
    if (!name || !username || !type) throw new ToolParseError('Missing required name, type, owner attributes from the tag repository', 'manifest.xml');
    const archiveElement = firstChild(element, 'archive');
    if (!archiveElement) throw new ToolParseError('The repository tag set is missing a required <archive> sub-element.', 'manifest.xml');
    const archive = memberName(textContent(archiveElement));
    const bundleElement = firstChild(element, 'bundle');
    const categories = firstChild(element, 'categories');
    const text = (tag: string) => {
      const child = firstChild(element, tag);
      return child ? textContent(child).trim() : '';
    };
    return {
      name,
      owner: username,
      type,
      archive,
      bundle: bundleElement ? memberName(textContent(bundleElement)) : null,
      // `<name>-<changeset>.tar.gz`
      changesetRevision: archive.slice(name.length + 1).replace(/\.tar\.gz$/, ''),
      description: text('description'),
      longDescription: text('long_description'),
      categories: categories ? childElements(categories, 'category').map((category) => textContent(category).trim()).filter((name) => name.length > 0) : [],
    };
  });
}

/** Checks export_info.xml is one (its content is informative only). */
export function checkExportInfo(text: string): void {
  const root = parseXmlDocument(text, 'export_info.xml');
  if (root.tag !== 'export_info') throw new ToolParseError('the root element is not <export_info>', 'export_info.xml');
}
