/** The dashboard's call (GET /api/dashboard); filled in by the Dashboard page. */
export const dashboardMethods = {};
