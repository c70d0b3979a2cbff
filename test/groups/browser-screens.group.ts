import { runTestGroup } from './test-groups';

runTestGroup('browser-screens');
