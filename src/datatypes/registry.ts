import definitionJson from './datatypes.definition.json';
import { elementsView, extensionsView, mappingView } from './api-views';
import type { DatatypeElementView, DatatypesMappingView } from './api-views';
import { converterViews, convertersFor } from './converters';
import type { ConverterView } from './converters';
import type { DatatypeDefinition, DatatypesDefinition } from './definition';
import { DatatypeHierarchy } from './hierarchy';

/** Mimetype the platform answers for an extension that declares none. */
export const DEFAULT_MIMETYPE = 'application/octet-stream';

export interface ListOptions {
  /** Only what the upload form offers (the API default). */
  uploadOnly?: boolean;
}

/** The datatype registry: the stock platform registry, read from the project's definition file. */
/** A datatype a repository installed from a depot declares (its `datatypes_conf.xml`). */
export interface AddedDatatype {
  extension: string;
  /** `module:Class`; only classes the platform has can be loaded (no repository code runs here). */
  type: string | null;
  subclass: boolean;
  mimetype: string | null;
  displayInUpload: boolean;
}

export class DatatypesRegistry {
  private readonly byExtension: Map<string, DatatypeDefinition>;
  private readonly hierarchy: DatatypeHierarchy;
  private readonly definition: DatatypesDefinition;
  /** What `acceptedBy` answered, by its formats. */
  private readonly accepted = new Map<string, string[]>();

  constructor(definition: DatatypesDefinition) {
    // A copy: datatypes of installed repositories are added to it, never to the shipped definition.
    this.definition = { ...definition, datatypes: [...definition.datatypes], classes: { ...definition.classes }, uploadFileFormats: [...definition.uploadFileFormats] };
    this.byExtension = new Map(this.definition.datatypes.map((d) => [d.extension, d]));
    this.hierarchy = new DatatypeHierarchy(this.byExtension, this.definition.classes);
  }

  /**
   * Registers datatypes of an installed repository whose class the platform has (as such, or as a
   * `subclass` of it, the platform's dynamic subclass). Extensions known already are left as they
   * are. Answers the extensions added and those refused (an unknown class).
   */
  addDatatypes(datatypes: readonly AddedDatatype[]): { added: string[]; refused: string[] } {
    const added: string[] = [];
    const refused: string[] = [];
    this.accepted.clear();
    for (const datatype of datatypes) {
      if (this.byExtension.has(datatype.extension)) continue;
      const baseName = datatype.type?.replace(':', '.') ?? '';
      const baseClasses = this.definition.classes[baseName];
      if (!datatype.type || !baseClasses) {
        refused.push(datatype.extension);
        continue;
      }
      const className = datatype.subclass ? `galaxy.datatypes.registry.${baseName.slice(baseName.lastIndexOf('.') + 1)}` : baseName;
      if (datatype.subclass) this.definition.classes[className] = [...new Set([...baseClasses, className])].sort();
      const entry: DatatypeDefinition = {
        extension: datatype.extension,
        type: datatype.type,
        typeExtension: null,
        className,
        classRef: className.replace(/\.(\w+)$/, ':$1'),
        baseClassName: datatype.subclass ? baseName : null,
        subclass: datatype.subclass,
        mimetype: datatype.mimetype,
        displayInUpload: datatype.displayInUpload,
        displayInUploadAttr: datatype.displayInUpload ? 'true' : null,
        description: null,
        descriptionUrl: null,
        maxOptionalMetadataFilesize: null,
        displays: [],
      };
      this.definition.datatypes.push(entry);
      this.byExtension.set(entry.extension, entry);
      if (entry.displayInUpload) this.definition.uploadFileFormats = [...this.definition.uploadFileFormats, entry.extension].sort();
      added.push(entry.extension);
    }
    return { added, refused };
  }

  // ---- API views (GET /api/datatypes, /mapping, /sniffers, /converters)

  /** `GET /api/datatypes` with extension_only: sorted upload formats, or all extensions in load order. */
  extensions({ uploadOnly = true }: ListOptions = {}): string[] {
    return extensionsView(this.definition, uploadOnly);
  }

  /** `GET /api/datatypes?extension_only=false`. */
  elements({ uploadOnly = true }: ListOptions = {}): DatatypeElementView[] {
    return elementsView(this.definition, uploadOnly);
  }

  /** `GET /api/datatypes/mapping`. */
  mapping(): DatatypesMappingView {
    return mappingView(this.definition);
  }

  /** `GET /api/datatypes/sniffers`: sniffer classes (`module:Class`) in the order they are tried. */
  sniffers(): string[] {
    return [...this.definition.sniffers];
  }

  /** `GET /api/datatypes/converters`. */
  converters(): ConverterView[] {
    return converterViews(this.definition.converters);
  }

  // ---- Look-ups used by the rest of the service

  isKnown(extension: string): boolean {
    return this.byExtension.has(extension);
  }

  datatype(extension: string): DatatypeDefinition | undefined {
    return this.byExtension.get(extension);
  }

  description(extension: string): string | null {
    return this.byExtension.get(extension)?.description ?? null;
  }

  /** Like the platform's `get_mimetype_by_extension`: the configured mimetype, else octet-stream. */
  mimetype(extension: string): string {
    return this.byExtension.get(extension)?.mimetype ?? DEFAULT_MIMETYPE;
  }

  /** `module.Class` of the extension as the mapping view shows it. */
  className(extension: string): string | undefined {
    return this.byExtension.get(extension)?.className;
  }

  /**
   * Whether a dataset of `extension` may be used where `ofExtension` is accepted: true when its class
   * is the class of `ofExtension` or derives from it (bed -> interval, tabular, data).
   */
  isSubtypeOf(extension: string, ofExtension: string): boolean {
    return this.hierarchy.isSubtypeOf(extension, ofExtension);
  }

  /**
   * Every known extension a data input of these formats accepts: each format and its subtypes (a
   * tabular input accepts bed, interval, vcf…); every extension for none or 'data'. Computed once per
   * set of formats (forgotten when datatypes are added).
   */
  acceptedBy(formats: readonly string[]): string[] {
    const key = [...formats].sort().join(',');
    let accepted = this.accepted.get(key);
    if (!accepted) {
      const all = [...this.byExtension.keys()];
      accepted = formats.length === 0 || formats.includes('data') ? all : all.filter((extension) => formats.some((format) => this.isSubtypeOf(extension, format)));
      this.accepted.set(key, accepted);
    }
    return accepted;
  }

  /** Whether the extension's class is, or derives from, a platform class given as `module.Class`. */
  derivesFromClass(extension: string, className: string): boolean {
    return this.hierarchy.derivesFromClass(extension, className);
  }

  /** Converters applicable to a dataset of `extension` (inherited ones included), one per target. */
  convertersFrom(extension: string): ConverterView[] {
    if (!this.isKnown(extension)) return [];
    return converterViews(convertersFor(extension, this.definition.converters, (a, b) => this.isSubtypeOf(a, b)));
  }
}

let cached: DatatypesRegistry | undefined;

/** The process-wide registry, built on first use. */
export function loadDatatypesRegistry(): DatatypesRegistry {
  cached ??= new DatatypesRegistry(definitionJson as DatatypesDefinition);
  return cached;
}
