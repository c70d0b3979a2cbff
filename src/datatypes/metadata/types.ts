/** A metadata value as the platform stores it (numbers, strings, lists, dicts, or unset). */
export type MetadataValue = number | string | null | string[] | Record<string, string>;

/** Metadata of a dataset, keyed by the platform's metadata element names. */
export type DatasetMetadata = Record<string, MetadataValue>;
