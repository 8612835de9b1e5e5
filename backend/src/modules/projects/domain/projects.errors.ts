import type { Money } from '../../../shared/domain/money';
import { DEFAULT_MONEY_STYLE, formatMoney, type MoneyStyle } from '../../../shared/domain/money-format';
import { ConflictError, NotFoundError, RuleViolatedError } from '../../../shared/errors/domain-error';

export const projectNotFound = () => new NotFoundError('PROJECTS.NOT_FOUND', 'Project not found');
export const alreadyPaid = () => new ConflictError('PROJECTS.ALREADY_PAID', 'This project is already paid');
export const clientNotFound = () =>
  new RuleViolatedError('PROJECTS.CLIENT_NOT_FOUND', 'Client not found', { clientId: 'Client not found' });
export const lineServiceNotFound = () =>
  new RuleViolatedError('PROJECTS.SERVICE_NOT_FOUND', 'Service not found', { selectedServices: 'Service not found' });
export const stillUnpaid = (owed: Money, style: MoneyStyle = DEFAULT_MONEY_STYLE) =>
  new RuleViolatedError('PROJECTS.STILL_UNPAID', `This project still has ${formatMoney(owed.cents, style)} to pay`);

const DEPOSIT_POSITIVE = 'Deposit must be more than $0.00';
export const depositNotPositive = () =>
  new RuleViolatedError('PROJECTS.BAD_DEPOSIT', DEPOSIT_POSITIVE, { depositAmount: DEPOSIT_POSITIVE });
export const depositAbovePrice = (price: Money) => {
  const message = `Deposit must be at most the project's price ($${price.dollars.toFixed(2)})`;
  return new RuleViolatedError('PROJECTS.DEPOSIT_ABOVE_PRICE', message, { depositAmount: message });
};
