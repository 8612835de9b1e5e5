export { EmailPage } from './EmailPage';
export { emailMethods, type EmailMethods } from './dataProvider';
