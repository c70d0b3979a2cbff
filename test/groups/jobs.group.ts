import { runTestGroup } from './test-groups';

runTestGroup('jobs');
