import { describe, expect, it } from 'vitest';
import {
  addServiceLine,
  checkDeposit,
  checkProjectForm,
  computeTotal,
  emptyProjectForm,
  projectToForm,
  toProjectBody,
} from './projectForm';
import { nextSort, serviceChips } from './projectRules';
import type { Project } from './types';

describe('serviceChips: at most 2 services, then +N more', () => {
  it('shows every service when there are 2 or fewer', () => {
    expect(serviceChips([])).toEqual({ shown: [], more: null });
    expect(serviceChips(['Shoot'])).toEqual({ shown: ['Shoot'], more: null });
    expect(serviceChips(['Shoot', 'Edit'])).toEqual({ shown: ['Shoot', 'Edit'], more: null });
  });

  it('shows 2 and counts the rest', () => {
    expect(serviceChips(['Shoot', 'Edit', 'Drone'])).toEqual({ shown: ['Shoot', 'Edit'], more: '+1 more' });
    expect(serviceChips(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b'], more: '+3 more' });
  });
});

describe('nextSort: the active column toggles, another one starts ascending', () => {
  it('toggles the active column', () => {
    expect(nextSort({ field: 'date', order: 'DESC' }, 'date')).toEqual({ field: 'date', order: 'ASC' });
    expect(nextSort({ field: 'date', order: 'ASC' }, 'date')).toEqual({ field: 'date', order: 'DESC' });
  });

  it('starts another column ascending, whatever the current order', () => {
    expect(nextSort({ field: 'date', order: 'DESC' }, 'name')).toEqual({ field: 'name', order: 'ASC' });
    expect(nextSort({ field: 'name', order: 'ASC' }, 'clientName')).toEqual({ field: 'clientName', order: 'ASC' });
  });
});

describe('computeTotal', () => {
  it('sums price × quantity in cents', () => {
    expect(computeTotal([])).toBe(0);
    expect(
      computeTotal([
        { price: 150, quantity: 2 },
        { price: 0.1, quantity: 3 },
      ]),
    ).toBe(300.3);
    expect(computeTotal([{ price: 19.99, quantity: 3 }])).toBe(59.97);
  });
});

describe('addServiceLine', () => {
  it('adds a new service and merges a repeated one', () => {
    const one = addServiceLine([], { serviceId: 1, name: 'Shoot', price: 100, quantity: 1 });
    const two = addServiceLine(one, { serviceId: 2, name: 'Edit', price: 20, quantity: 2 });
    const again = addServiceLine(two, { serviceId: 1, name: 'Shoot', price: 100, quantity: 3 });
    expect(again).toEqual([
      { serviceId: 1, name: 'Shoot', price: 100, quantity: 4 },
      { serviceId: 2, name: 'Edit', price: 20, quantity: 2 },
    ]);
  });
});

describe('checkProjectForm (spec §5 Project form)', () => {
  it('needs a client first', () => {
    const check = checkProjectForm({ ...emptyProjectForm(), name: 'Wedding' });
    expect(check.clientMissing).toBe(true);
    expect(check.errors.clientId).toBe('Please select a client for this project');
  });

  it('reports other failures with a client chosen', () => {
    const check = checkProjectForm({
      ...emptyProjectForm(),
      clientId: '7',
      photoCount: '-2',
      services: [{ serviceId: 1, name: 'Shoot', price: 1, quantity: 0 }],
    });
    expect(check.clientMissing).toBe(false);
    expect(check.errors).toMatchObject({
      name: 'Project name is required',
      services: 'Quantity must be at least 1',
    });
    expect(check.errors.photoCount).toBeDefined();
  });

  it('accepts an empty services list and an empty photo count', () => {
    expect(checkProjectForm({ ...emptyProjectForm(), clientId: '7', name: 'X', photoCount: '' }).errors).toEqual({});
  });
});

describe('checkDeposit (CONTRACT §11)', () => {
  it('takes no deposit, or dollars above 0 and at most the total', () => {
    expect(checkDeposit('', 250)).toBeUndefined();
    expect(checkDeposit('  ', 250)).toBeUndefined();
    expect(checkDeposit('100', 250)).toBeUndefined();
    expect(checkDeposit('250.00', 250)).toBeUndefined();
    expect(checkDeposit('0.01', 250)).toBeUndefined();
  });

  it("gives the server's messages otherwise", () => {
    expect(checkDeposit('250.01', 250)).toBe("Deposit must be at most the project's price ($250.00)");
    expect(checkDeposit('5', 0)).toBe("Deposit must be at most the project's price ($0.00)");
    expect(checkDeposit('-5', 250)).toBe('Deposit must be more than $0.00');
    expect(checkDeposit('0', 250)).toBe('Deposit must be more than $0.00');
    expect(checkDeposit('0.00', 250)).toBe('Deposit must be more than $0.00');
    expect(checkDeposit('12.345', 250)).toBe('Deposit must be an amount in dollars with at most 2 decimals');
    expect(checkDeposit('1e2', 250)).toBe('Deposit must be an amount in dollars with at most 2 decimals');
    expect(checkDeposit('$5', 250)).toBe('Deposit must be an amount in dollars with at most 2 decimals');
  });

  it('is checked with the rest of the form, under its field', () => {
    const lines = [{ serviceId: 1, name: 'Shoot', price: 250, quantity: 1 }];
    const values = { ...emptyProjectForm(), clientId: '7', name: 'X', services: lines, depositAmount: '300' };
    expect(checkProjectForm(values).errors).toEqual({ depositAmount: "Deposit must be at most the project's price ($250.00)" });
  });
});

describe('toProjectBody', () => {
  it('sends integers, the computed price and the service lines', () => {
    const body = toProjectBody({
      name: ' Smith wedding ',
      clientId: '7',
      thumbnailUrl: 'https://img/x.jpg',
      downloadLink: '',
      photoCount: '120',
      depositAmount: ' 100.50 ',
      isPaid: false,
      services: [
        { serviceId: 3, name: 'Shoot', price: 250, quantity: 2 },
        { serviceId: 5, name: 'Album', price: 99.5, quantity: 1 },
      ],
    });
    expect(body).toEqual({
      name: 'Smith wedding',
      clientId: 7,
      thumbnailUrl: 'https://img/x.jpg',
      downloadLink: '',
      photoCount: 120,
      isPaid: false,
      price: 599.5,
      depositAmount: 100.5,
      selectedServices: [
        { serviceId: 3, quantity: 2 },
        { serviceId: 5, quantity: 1 },
      ],
    });
  });

  it('adds id, date and the kept description when editing', () => {
    const project = {
      id: 4,
      name: 'P',
      description: 'Kept',
      clientId: 7,
      clientName: 'Jane',
      price: 10,
      isPaid: false,
      date: '2025-01-05T10:00:00.000Z',
      photoCount: null as unknown as number,
      services: [{ serviceId: 1, name: 'Shoot', price: 10, quantity: 1, lineTotal: 10 }],
    } as Project;
    const body = toProjectBody(projectToForm(project), project);
    expect(body).toMatchObject({ id: 4, date: '2025-01-05T10:00:00.000Z', description: 'Kept', photoCount: 0, price: 10 });
  });
});
