import type { ImportStep } from '../import-step';
import { defaultQuotasStep, groupQuotasStep, groupRolesStep, groupsStep, quotasStep, rolesStep, userGroupsStep, userQuotasStep, userRolesStep } from './roles-groups-quotas';
import { apiKeysStep, usersStep } from './users';

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
];
