// Equivalent of `import '@testing-library/jest-dom/vitest'`: that entry imports 'vitest' from the
// hoisted root node_modules, where vitest is not installed (it lives in frontend/node_modules).
import * as matchers from '@testing-library/jest-dom/matchers';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { preloadAdminToast } from '../admin/shared/toast';
import { preloadToastView } from '../shared/ui/toast';

expect.extend(matchers);

// findBy*/waitFor wait up to 5 s instead of 1 s: on a busy 2-core machine (CI runs the suites side by
// side with builds) a lazy page can take longer than a second to render; a real absence still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The toast's Snackbar is a chunk loaded with the first toast (decision 0014); loaded here once, toasts
// show synchronously in tests as they did before.
await preloadToastView();
// The same for the back office's toast (decision 0026).
await preloadAdminToast();
