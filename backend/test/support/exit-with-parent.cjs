// Preloaded (`node -r`) into every process the system tests start (test/support/processes.ts): when
// the test run that started it is gone (killed before its afterAll could stop its children), the
// process ends itself with SIGTERM, so no app or database server outlives the run.
'use strict';
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();
