/** The setup module's public surface: the first run in the browser (CONTRACT §13). */
export { SetupModule } from './setup.module';
export { FirstRun } from './application/first-run';
