import type { Identifier } from 'react-admin';
import type * as Api from '../../shared/api/schema';

/** One service line of a project, as the API embeds it (docs/api/back-office.md, Projects). */
export type ProjectServiceLine = Api.ProjectServiceLine;

/** A project as GET /api/projects returns it. */
export type Project = Api.Project;

/** A service of the catalogue (GET /api/services). */
export type ServiceOption = Api.Service;

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
  /** Dollars as typed; '' for no deposit (CONTRACT §11). */
  depositAmount: string;
  isPaid: boolean;
  services: FormServiceLine[];
}

/** The body of POST /api/projects and PUT /api/projects/{id} (id and date: react-admin's record fields, ignored by the server). */
export type ProjectRequestBody = Api.ProjectRequest & { id?: number; date?: string };
