import { runTestGroup } from './test-groups';

runTestGroup('operations');
