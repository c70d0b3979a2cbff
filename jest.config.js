/** Tests run in band against one database: the embedded server started in globalSetup, or TEST_DATABASE_URL. */
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // egoroof-blowfish ships only an ES module; swc turns it into CommonJS for jest's module system.
  transform: { '^.+\\.(ts|mjs)$': ['@swc/jest', swcOptions] },
  transformIgnorePatterns: ['/node_modules/(?!egoroof-blowfish/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 30000,
  // TEST_PATIENCE stretches it, and every wait of the tests (test/support/patience.ts).
  setupFilesAfterEnv: ['<rootDir>/test/support/patience-setup.ts'],
};
