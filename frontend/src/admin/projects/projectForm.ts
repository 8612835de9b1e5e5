import type { FormServiceLine, Project, ProjectFormValues, ProjectRequestBody } from './types';

// The Project form's rules, apart from the list's (projectRules.ts): they load with the form dialog,
// not with the Projects page.

const toMoney = (value: number | string | null | undefined): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : 0;
};

/** Σ price × quantity, rounded to cents (the server computes the same when the project has lines). */
export function computeTotal(lines: Pick<FormServiceLine, 'price' | 'quantity'>[]): number {
  const cents = lines.reduce((sum, line) => sum + Math.round(toMoney(line.price) * 100) * (line.quantity || 0), 0);
  return cents / 100;
}

/**
 * Adds `quantity` of a service to the lines: a service already in the list gets the quantity added
 * (a project holds each service once).
 */
export function addServiceLine(lines: FormServiceLine[], line: FormServiceLine): FormServiceLine[] {
  const existing = lines.find((l) => l.serviceId === line.serviceId);
  if (!existing) return [...lines, line];
  return lines.map((l) => (l.serviceId === line.serviceId ? { ...l, quantity: l.quantity + line.quantity } : l));
}

export const emptyProjectForm = (): ProjectFormValues => ({
  name: '',
  clientId: '',
  thumbnailUrl: '',
  downloadLink: '',
  photoCount: '0',
  depositAmount: '',
  isPaid: false,
  services: [],
});

/** The form's values for editing an existing project. */
export function projectToForm(project: Project): ProjectFormValues {
  return {
    name: project.name ?? '',
    clientId: project.clientId == null ? '' : String(project.clientId),
    thumbnailUrl: project.thumbnailUrl ?? '',
    downloadLink: project.downloadLink ?? '',
    photoCount: String(project.photoCount ?? 0),
    depositAmount: project.depositAmount == null ? '' : toMoney(project.depositAmount).toFixed(2),
    isPaid: Boolean(project.isPaid),
    services: (project.services ?? []).map((line) => ({
      serviceId: line.serviceId,
      name: line.name,
      price: toMoney(line.price),
      quantity: line.quantity || 1,
    })),
  };
}

export const CLIENT_REQUIRED_MESSAGE = 'Please select a client for this project';

export interface ProjectFormCheck {
  /** field -> message, shown under the fields */
  errors: Partial<Record<keyof ProjectFormValues, string>>;
  /** true when the only thing to tell first is the missing client ('Client required' toast) */
  clientMissing: boolean;
}

/** Client-side checks of spec §5 "Project form" (the server checks the same again). */
export function checkProjectForm(values: ProjectFormValues): ProjectFormCheck {
  const errors: ProjectFormCheck['errors'] = {};
  const clientMissing = values.clientId.trim() === '';
  if (clientMissing) errors.clientId = CLIENT_REQUIRED_MESSAGE;
  if (values.name.trim() === '') errors.name = 'Project name is required';
  const photos = values.photoCount.trim() === '' ? 0 : Number(values.photoCount);
  if (!Number.isInteger(photos) || photos < 0) errors.photoCount = 'Number of photos must be a whole number, 0 or more';
  if (values.services.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1)) {
    errors.services = 'Quantity must be at least 1';
  }
  const deposit = checkDeposit(values.depositAmount, computeTotal(values.services));
  if (deposit) errors.depositAmount = deposit;
  return { errors, clientMissing };
}

/**
 * The deposit field (CONTRACT §11, the server's messages): empty for none, else dollars with at most
 * 2 decimals, above 0 and at most the total price. Answers the message, or undefined when it is fine.
 */
export function checkDeposit(text: string, total: number): string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (/^-/.test(value)) return 'Deposit must be more than $0.00';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return 'Deposit must be an amount in dollars with at most 2 decimals';
  const cents = Math.round(Number(value) * 100);
  if (cents === 0) return 'Deposit must be more than $0.00';
  if (cents > Math.round(total * 100)) return `Deposit must be at most the project's price ($${total.toFixed(2)})`;
  return undefined;
}

/** The request body (docs/api/back-office.md: clientId and photoCount integers, price = the computed total). */
export function toProjectBody(values: ProjectFormValues, existing?: Project): ProjectRequestBody {
  const body: ProjectRequestBody = {
    name: values.name.trim(),
    clientId: Number.parseInt(values.clientId, 10),
    thumbnailUrl: values.thumbnailUrl.trim(),
    downloadLink: values.downloadLink.trim(),
    photoCount: values.photoCount.trim() === '' ? 0 : Number.parseInt(values.photoCount, 10),
    isPaid: values.isPaid,
    price: computeTotal(values.services),
    depositAmount: values.depositAmount.trim() === '' ? null : Number(values.depositAmount.trim()),
    selectedServices: values.services.map((line) => ({ serviceId: line.serviceId, quantity: line.quantity })),
  };
  if (existing) {
    body.id = existing.id;
    body.date = existing.date;
    // the form has no description field: keep the one the project has
    body.description = existing.description ?? '';
  }
  return body;
}
