import type { ImportStep } from '../import-step';

/** Stored workflows and their versions, pages, visualizations, sample tracking and installed repository records. */
export const WORKFLOW_PAGE_SAMPLE_STEPS: ImportStep[] = [];
