// Equivalent of `import '@testing-library/jest-dom/vitest'`: that entry imports 'vitest' from the
// hoisted root node_modules, where vitest is not installed (it lives in frontend/node_modules).
import * as matchers from '@testing-library/jest-dom/matchers';
import { cleanup } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';

expect.extend(matchers);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
