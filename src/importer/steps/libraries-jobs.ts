import type { ImportStep } from '../import-step';
import { jobInputsStep, jobLibraryInputsStep, jobLibraryOutputsStep, jobNumericMetricsStep, jobOutputsStep, jobsStep, jobTextMetricsStep } from './jobs-steps';
import { folderPermissionsStep, lddaPermissionsStep, libraryDatasetPermissionsStep, libraryPermissionsStep } from './libraries-permissions';
import { foldersStep, librariesStep, libraryDatasetsStep, libraryDatasetVersionsStep } from './libraries-tree';

/**
 * Libraries, folders, library datasets and their versions and permissions; jobs with their
 * parameters, inputs, outputs, states and metrics. Needs users and roles, and the datasets, histories
 * and history datasets of the history steps (which run before these).
 */
export const LIBRARY_AND_JOB_STEPS: ImportStep[] = [
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
