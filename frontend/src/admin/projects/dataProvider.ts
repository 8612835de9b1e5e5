/** Custom calls of the Projects page (mark paid, project services...); filled in by that page. */
export const projectsMethods = {};
