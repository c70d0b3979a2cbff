import { runTestGroup } from './test-groups';

runTestGroup('importer');
