export { ServicesModule } from './services.module';
