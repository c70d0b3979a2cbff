import type { ImportStep } from '../import-step';
import { HISTORY_STEPS } from './histories';
import { jobInputsStep, jobLibraryInputsStep, jobLibraryOutputsStep, jobNumericMetricsStep, jobOutputsStep, jobsStep, jobTextMetricsStep } from './jobs-steps';
import { INTERIM_DATASET_STEPS } from './libraries-interim-datasets';
import { folderPermissionsStep, lddaPermissionsStep, libraryDatasetPermissionsStep, libraryPermissionsStep } from './libraries-permissions';
import { foldersStep, librariesStep, libraryDatasetsStep, libraryDatasetVersionsStep } from './libraries-tree';

/**
 * Libraries, folders, library datasets and their versions and permissions; jobs with their
 * parameters, inputs, outputs, states and metrics. Needs users and roles, and the datasets, histories
 * and history datasets of the history steps (which run before these).
 */
export const LIBRARY_AND_JOB_STEPS: ImportStep[] = [
  // INTERIM (drop at merge, with libraries-interim-datasets.ts): datasets, histories, HDAs and dataset permissions while HISTORY_STEPS is empty.
  ...(HISTORY_STEPS.length === 0 ? INTERIM_DATASET_STEPS : []),
  librariesStep,
  foldersStep,
  libraryPermissionsStep,
  folderPermissionsStep,
  libraryDatasetsStep,
  libraryDatasetVersionsStep,
  libraryDatasetPermissionsStep,
  lddaPermissionsStep,
  jobsStep,
  jobInputsStep,
  jobOutputsStep,
  jobLibraryInputsStep,
  jobLibraryOutputsStep,
  jobNumericMetricsStep,
  jobTextMetricsStep,
];
