export { PaymentsModule } from './payments.module';
