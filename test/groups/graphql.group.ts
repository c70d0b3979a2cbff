import { runTestGroup } from './test-groups';

runTestGroup('graphql');
