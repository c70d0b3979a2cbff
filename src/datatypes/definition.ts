/**
 * Shape of `datatypes.definition.json`, the project's own copy of the stock datatype registry
 * (generated once by tools/build-definition.ts; the runtime never reads the platform's XML).
 */

/** One `<converter>` of a datatype: source extension, target extension and the converter tool. */
export interface ConverterDefinition {
  source: string;
  target: string;
  toolId: string;
  /** File name of the converter tool in the platform's converters folder. */
  file: string;
  /** `depends_on` attribute (a datatype the conversion goes through), or null. */
  dependsOn: string | null;
}

/** One `<datatype>` element, in config order. */
export interface DatatypeDefinition {
  extension: string;
  /** The `type` attribute as written (`module:Class`), or null when the entry uses `type_extension`. */
  type: string | null;
  /** `type_extension`: the datatype this one copies its class from, or null. */
  typeExtension: string | null;
  /** Class as the API shows it, `module.Class`; dynamic subclasses live in `galaxy.datatypes.registry`. */
  className: string;
  /** The same class as `module:Class`. */
  classRef: string;
  /** For `subclass="True"` entries, the class the dynamic class derives from (`module.Class`); else null. */
  baseClassName: string | null;
  subclass: boolean;
  mimetype: string | null;
  /** `display_in_upload` read as the platform reads it (true/True/yes/on). */
  displayInUpload: boolean;
  /** The raw attribute, or null when absent. */
  displayInUploadAttr: string | null;
  description: string | null;
  descriptionUrl: string | null;
  maxOptionalMetadataFilesize: number | null;
  /** Display application files (`<display file>`), kept for completeness. */
  displays: string[];
}

export interface DatatypesDefinition {
  note: string;
  datatypes: DatatypeDefinition[];
  /** Class (`module.Class`) -> itself and every ancestor deriving from galaxy.datatypes.data.Data, sorted. */
  classes: Record<string, string[]>;
  /** `<sniffer type>` values in config order (`module:Class`). */
  sniffers: string[];
  converters: ConverterDefinition[];
  /** Extensions shown in the upload form, sorted. */
  uploadFileFormats: string[];
}
