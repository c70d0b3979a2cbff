import type { ImportStep } from '../import-step';

/** Libraries, folders, library datasets and their versions and permissions; jobs with their parameters, inputs, outputs, states and metrics. */
export const LIBRARY_AND_JOB_STEPS: ImportStep[] = [];
