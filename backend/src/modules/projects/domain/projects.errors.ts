import { ConflictError, NotFoundError, RuleViolatedError } from '../../../shared/errors/domain-error';

export const projectNotFound = () => new NotFoundError('PROJECTS.NOT_FOUND', 'Project not found');
export const alreadyPaid = () => new ConflictError('PROJECTS.ALREADY_PAID', 'This project is already paid');
export const clientNotFound = () =>
  new RuleViolatedError('PROJECTS.CLIENT_NOT_FOUND', 'Client not found', { clientId: 'Client not found' });
export const lineServiceNotFound = () =>
  new RuleViolatedError('PROJECTS.SERVICE_NOT_FOUND', 'Service not found', { selectedServices: 'Service not found' });
export const stillUnpaid = (dollars: string) => new RuleViolatedError('PROJECTS.STILL_UNPAID', `This project still has $${dollars} to pay`);
