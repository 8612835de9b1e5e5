import type { DataProvider } from 'react-admin';

/** Clients are created through POST /api/register with a role (spec §7); filled in by the Clients page. */
export const clientsOverrides: Partial<DataProvider> = {};
