import { runTestGroup } from './test-groups';

runTestGroup('unit');
