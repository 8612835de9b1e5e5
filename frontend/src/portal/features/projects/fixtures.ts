import type { Project, ProjectServiceLine } from '../../../shared/api/schema';

/** Test data shaped like GET /api/projects/client/{id} (docs/api/back-office.md). */
export function line(overrides: Partial<ProjectServiceLine> = {}): ProjectServiceLine {
  return {
    serviceId: 1,
    name: 'Photography',
    description: 'Professional photos of the property',
    price: 150,
    quantity: 1,
    lineTotal: 150,
    creditEligible: true,
    creditCost: 1,
    paidWithCredits: false,
    ...overrides,
  };
}

export function project(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    name: '12 Ocean Drive',
    description: 'Listing shoot',
    clientId: 7,
    clientName: 'Jane Client',
    serviceId: null,
    thumbnailUrl: null,
    downloadLink: null,
    photoCount: 0,
    price: 150,
    isPaid: false,
    date: '2025-01-05T15:04:00.000Z',
    amountPaid: 0,
    unpaidAmount: 150,
    depositAmount: null,
    depositDue: null,
    creditCost: 1,
    creditsDue: 0,
    invoiceId: null,
    invoiceNumber: null,
    nextInstallment: null,
    services: [line()],
    ...overrides,
  };
}
