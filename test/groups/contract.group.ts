import { runTestGroup } from './test-groups';

runTestGroup('contract');
