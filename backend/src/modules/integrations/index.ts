/** The integrations module's public surface. */
export { IntegrationsModule } from './integrations.module';
