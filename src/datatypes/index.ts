/** The datatypes registry: API views, subtype checks, sniffing, metadata, peek and blurb. */
export { DatatypesRegistry, DEFAULT_MIMETYPE, loadDatatypesRegistry } from './registry';
export type { ListOptions } from './registry';
export type { DatatypeElementView, DatatypesMappingView } from './api-views';
export type { ConverterView } from './converters';
export type { DatatypeDefinition, DatatypesDefinition } from './definition';
export { sniffBuffer, sniffDetailed, sniffFile, sniffFileDetailed } from './sniff/guess';
export type { SniffOptions, SniffResult } from './sniff/guess';
export type { Compression } from './sniff/compression';
export { datasetMetadata } from './metadata/dataset-metadata';
export type { DatasetMetadata, MetadataValue } from './metadata/types';
export { filePeek, peek } from './metadata/peek';
export { blurb } from './metadata/blurb';
export type { BlurbOptions } from './metadata/blurb';
export { guessColumnType, overrules } from './metadata/column-types';
export type { ColumnType } from './metadata/column-types';
