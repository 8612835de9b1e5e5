export { CreditsPage } from './CreditsPage';
export { creditsMethods, type CreditsMethods } from './dataProvider';
