import type { TestingLibraryMatchers } from '@testing-library/jest-dom/matchers';
import 'vitest';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- declaration merging: vitest's interface gains jest-dom's matchers (as jest-dom's own vitest.d.ts does)
  interface Assertion<T = any> extends TestingLibraryMatchers<any, T> {}
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- declaration merging: vitest's interface gains jest-dom's matchers (as jest-dom's own vitest.d.ts does)
  interface AsymmetricMatchersContaining extends TestingLibraryMatchers<any, any> {}
}
