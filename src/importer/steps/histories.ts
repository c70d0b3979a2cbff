import type { ImportStep } from '../import-step';

/** Histories, datasets, history datasets, collections, dataset permissions (and their files). */
export const HISTORY_STEPS: ImportStep[] = [];
