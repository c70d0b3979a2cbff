/**
 * Builds src/datatypes/datatypes.definition.json from the platform's stock registry config and the
 * derived API dump (read-only reference files). Run by hand when the reference changes:
 *
 *   node -r @swc-node/register src/datatypes/tools/build-definition.ts [conf.xml] [api.json]
 *
 * The XML gives datatypes, converters and sniffers in config order; the API dump gives what the XML
 * cannot: the class hierarchy and the converter tool ids. Every value that both sources state is
 * cross-checked, so a mismatch stops the build instead of producing a wrong definition.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { ConverterDefinition, DatatypeDefinition, DatatypesDefinition } from '../definition';

const DEFAULT_CONF = '/work/shared/facts/data/datatypes_conf.xml.sample';
const DEFAULT_API = '/work/shared/facts/data/datatypes_api_1505.json';
const OUTPUT = path.join(__dirname, '..', 'datatypes.definition.json');

type Attrs = Record<string, string | undefined>;
/** A `<datatype>` element: attributes plus its child element lists. */
type XmlDatatype = Attrs & { converter?: Attrs[]; display?: Attrs[] };
interface XmlConf {
  datatypes: { registration: { datatype: unknown[] }; sniffers: { sniffer: unknown[] } };
}
interface ApiDump {
  upload_file_formats: string[];
  datatype_elems: { extension: string; description: string | null; description_url: string | null }[];
  all_extensions_in_load_order: string[];
  mapping: { ext_to_class_name: Record<string, string>; class_to_classes: Record<string, Record<string, boolean>> };
  sniffers: string[];
  converters: { source: string; target: string; tool_id: string }[];
}

/** The platform's `string_as_bool`, used for `display_in_upload` and `subclass`. */
const stringAsBool = (value: string | undefined): boolean =>
  value !== undefined && ['true', 'yes', 'on'].includes(value.trim().toLowerCase());

function fail(message: string): never {
  throw new Error(`build-definition: ${message}`);
}

function same(label: string, ours: unknown, theirs: unknown): void {
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) fail(`${label} differs from the API dump`);
}

function parseConf(xml: string): XmlConf {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    isArray: (name) => ['datatype', 'converter', 'display', 'sniffer'].includes(name),
  });
  return parser.parse(xml) as XmlConf;
}

const dotted = (ref: string): string => ref.replace(':', '.');
const className = (dottedName: string): string => dottedName.slice(dottedName.lastIndexOf('.') + 1);

function buildDatatypes(elements: XmlDatatype[]): DatatypeDefinition[] {
  const byExtension = new Map<string, DatatypeDefinition>();
  return elements.map((elem) => {
    const extension = elem.extension ?? fail('datatype without extension');
    const typeExtension = elem.type_extension ?? null;
    let staticClass: string;
    if (elem.type) staticClass = dotted(elem.type);
    else if (typeExtension) staticClass = byExtension.get(typeExtension)?.className ?? fail(`unknown type_extension ${typeExtension}`);
    else fail(`${extension} has neither type nor type_extension`);
    const subclass = stringAsBool(elem.subclass);
    // A subclass entry gets a new class named like its base, created in the registry module.
    const dottedName = subclass ? `galaxy.datatypes.registry.${className(staticClass)}` : staticClass;
    const lastDot = dottedName.lastIndexOf('.');
    const maxSize = elem.max_optional_metadata_filesize;
    const definition: DatatypeDefinition = {
      extension,
      type: elem.type ?? null,
      typeExtension,
      className: dottedName,
      classRef: `${dottedName.slice(0, lastDot)}:${dottedName.slice(lastDot + 1)}`,
      baseClassName: subclass ? staticClass : null,
      subclass,
      mimetype: elem.mimetype ?? null,
      displayInUpload: stringAsBool(elem.display_in_upload),
      displayInUploadAttr: elem.display_in_upload ?? null,
      description: elem.description ?? null,
      descriptionUrl: elem.description_url ?? null,
      maxOptionalMetadataFilesize: maxSize === undefined ? null : Number(maxSize),
      displays: (elem.display ?? []).map((d) => d.file ?? fail(`display without file in ${extension}`)),
    };
    byExtension.set(extension, definition);
    return definition;
  });
}

function buildConverters(elements: XmlDatatype[], api: ApiDump): ConverterDefinition[] {
  const fromXml = elements.flatMap((elem) =>
    (elem.converter ?? []).map((c) => ({
      source: elem.extension ?? '',
      target: c.target_datatype ?? fail(`converter without target in ${elem.extension}`),
      file: c.file ?? fail(`converter without file in ${elem.extension}`),
      dependsOn: c.depends_on ?? null,
    })),
  );
  same('converter source/target order', fromXml.map((c) => [c.source, c.target]), api.converters.map((c) => [c.source, c.target]));
  return fromXml.map((c, i) => ({ source: c.source, target: c.target, toolId: api.converters[i].tool_id, file: c.file, dependsOn: c.dependsOn }));
}

function buildClasses(api: ApiDump): Record<string, string[]> {
  const classes: Record<string, string[]> = {};
  for (const name of Object.keys(api.mapping.class_to_classes).sort()) {
    classes[name] = Object.keys(api.mapping.class_to_classes[name]).sort();
  }
  return classes;
}

function main(): void {
  const [confPath = DEFAULT_CONF, apiPath = DEFAULT_API] = process.argv.slice(2);
  const conf = parseConf(readFileSync(confPath, 'utf8'));
  const api = JSON.parse(readFileSync(apiPath, 'utf8')) as ApiDump;
  const elements = conf.datatypes.registration.datatype as XmlDatatype[];

  const datatypes = buildDatatypes(elements);
  const converters = buildConverters(elements, api);
  const sniffers = (conf.datatypes.sniffers.sniffer as Attrs[]).map((s) => s.type ?? fail('sniffer without type'));
  const uploadFileFormats = datatypes.filter((d) => d.displayInUpload).map((d) => d.extension).sort();
  const classes = buildClasses(api);

  same('load order', datatypes.map((d) => d.extension), api.all_extensions_in_load_order);
  same('upload_file_formats', uploadFileFormats, api.upload_file_formats);
  same('sniffers', sniffers, api.sniffers);
  same(
    'datatype_elems',
    datatypes.map((d) => [d.extension, d.description, d.descriptionUrl]),
    api.datatype_elems.map((e) => [e.extension, e.description, e.description_url]),
  );
  for (const d of datatypes) {
    same(`class of ${d.extension}`, d.className, api.mapping.ext_to_class_name[d.extension]);
    if (!classes[d.className]) fail(`no hierarchy for ${d.className}`);
  }

  const definition: DatatypesDefinition = {
    note: 'Generated by src/datatypes/tools/build-definition.ts from the stock Galaxy 15.05 datatypes_conf.xml.sample and its API dump. Do not edit by hand.',
    datatypes,
    classes,
    sniffers,
    converters,
    uploadFileFormats,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(definition, null, 2)}\n`);
}

main();
