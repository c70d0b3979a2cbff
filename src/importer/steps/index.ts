import type { ImportStep } from '../import-step';
import { HISTORY_STEPS } from './histories';
import { LIBRARY_AND_JOB_STEPS } from './libraries-jobs';
import { defaultQuotasStep, groupQuotasStep, groupRolesStep, groupsStep, quotasStep, rolesStep, userGroupsStep, userQuotasStep, userRolesStep } from './roles-groups-quotas';
import { apiKeysStep, usersStep } from './users';
import { WORKFLOW_PAGE_SAMPLE_STEPS } from './workflows-pages-samples';

/** Every step of an import, in the order their references need (a row's references are carried before it). */
export const IMPORT_STEPS: ImportStep[] = [
  usersStep,
  apiKeysStep,
  rolesStep,
  groupsStep,
  userGroupsStep,
  userRolesStep,
  groupRolesStep,
  quotasStep,
  userQuotasStep,
  groupQuotasStep,
  defaultQuotasStep,
  ...HISTORY_STEPS,
  ...LIBRARY_AND_JOB_STEPS,
  ...WORKFLOW_PAGE_SAMPLE_STEPS,
];
