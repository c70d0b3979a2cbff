import { runTestGroup } from './test-groups';

runTestGroup('depot');
