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

export const depositNotPositive = (style: MoneyStyle = DEFAULT_MONEY_STYLE) => {
  const message = `Deposit must be more than ${formatMoney(0, style)}`;
  return new RuleViolatedError('PROJECTS.BAD_DEPOSIT', message, { depositAmount: message });
};
export const depositAbovePrice = (price: Money, style: MoneyStyle = DEFAULT_MONEY_STYLE) => {
  const message = `Deposit must be at most the project's price (${formatMoney(price.cents, style)})`;
  return new RuleViolatedError('PROJECTS.DEPOSIT_ABOVE_PRICE', message, { depositAmount: message });
};
