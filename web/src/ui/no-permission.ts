/** What the platform said of a dataset the caller may not read (the graph gives only its place and state). */
export const NO_PERMISSION = 'You do not have permission to view this dataset.';
