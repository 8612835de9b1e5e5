import type { Identifier } from 'react-admin';

/** One service line of a project, as the API embeds it (docs/api/back-office.md, Projects). */
export interface ProjectServiceLine {
  serviceId: number;
  name: string;
  description?: string;
  price: number;
  quantity: number;
  lineTotal: number;
  creditEligible?: boolean;
  creditCost?: number;
}

/** A project as GET /api/projects returns it. */
export interface Project {
  id: number;
  name: string;
  description?: string | null;
  clientId: number;
  clientName?: string | null;
  serviceId?: number | null;
  thumbnailUrl?: string | null;
  downloadLink?: string | null;
  photoCount?: number | null;
  price: number;
  isPaid: boolean;
  date: string;
  amountPaid?: number;
  unpaidAmount?: number;
  creditCost?: number;
  services?: ProjectServiceLine[];
}

/** A service of the catalogue (GET /api/services). */
export interface ServiceOption {
  id: number;
  name: string;
  description?: string;
  price: number | string;
  isStandard?: boolean;
  creditEligible?: boolean;
  creditCost?: number;
}

/** An account offered by the Client picker (GET /api/clients?filter={"role":"client"}). */
export interface ClientOption {
  id: Identifier;
  username: string;
  email?: string;
}

/** A service line while the form is open: the name and unit price are kept for display and the total. */
export interface FormServiceLine {
  serviceId: number;
  name: string;
  price: number;
  quantity: number;
}

/** The Create/Edit Project form (spec §5 "Project form": clientId is a string while editing). */
export interface ProjectFormValues {
  name: string;
  clientId: string;
  thumbnailUrl: string;
  downloadLink: string;
  photoCount: string;
  isPaid: boolean;
  services: FormServiceLine[];
}

/** The body of POST /api/projects and PUT /api/projects/{id}. */
export interface ProjectRequestBody {
  id?: number;
  date?: string;
  name: string;
  description?: string;
  clientId: number;
  thumbnailUrl: string;
  downloadLink: string;
  photoCount: number;
  isPaid: boolean;
  price: number;
  selectedServices: { serviceId: number; quantity: number }[];
}
