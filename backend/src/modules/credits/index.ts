export { CreditsModule } from './credits.module';
