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
export class DatatypesRegistry {
  private readonly byExtension: ReadonlyMap<string, DatatypeDefinition>;
  private readonly hierarchy: DatatypeHierarchy;

  constructor(private readonly definition: DatatypesDefinition) {
    this.byExtension = new Map(definition.datatypes.map((d) => [d.extension, d]));
    this.hierarchy = new DatatypeHierarchy(this.byExtension, definition.classes);
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
