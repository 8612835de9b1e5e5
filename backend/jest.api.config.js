/** API tests: the whole app in-process against a real PostgreSQL and a real SMTP server. */
module.exports = {
  rootDir: '.',
  testRegex: 'test/.*\\.e2e-spec\\.ts$',
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform: {
    '^.+\\.ts$': 'ts-jest',
    // otplib uses @scure/base and @noble/hashes (v2), published as ES modules only: Node loads it (require(esm)), Jest's runtime needs it compiled.
    '^.+/node_modules/(@scure/base|@noble/hashes)/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true }, isolatedModules: true }],
  },
  transformIgnorePatterns: ['^(?!.*/node_modules/(@scure/base|@noble/hashes)/).*/node_modules/'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/worker-database.ts'],
  testTimeout: 30000,
};
