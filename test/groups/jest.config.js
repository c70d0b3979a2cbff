/**
 * `npm test`: the test files run in groups, one per directory of test/ (test/groups/*.group.ts). A
 * group loads the service's modules once for all its files (jest gives every test file a module
 * registry of its own, and loading the service's takes 1 to 1.5 s); each file still runs in a
 * describe block of its own, with its own hooks, platform and database reset.
 * `npx jest <file>` (the top-level jest.config.js) runs test files one by one, as while writing them.
 */
const path = require('node:path');
const files = require('../../jest.config.js');

module.exports = {
  ...files,
  rootDir: path.join(__dirname, '..', '..'),
  roots: ['<rootDir>/test/groups'],
  testMatch: ['**/*.group.ts'],
};
