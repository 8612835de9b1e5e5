/**
 * Operation ids of openapi.yaml, derived from the controller and method names (SwaggerModule's
 * operationIdFactory), so that a new route gets a readable, camelCase id without writing one:
 *
 *   ProjectsController.list   → listProjects        ProjectsController.one    → getProject
 *   ProjectsController.create → createProject       ProjectsController.remove → deleteProject
 *   ApiTokensController.revoke → revokeApiToken     (a one-word verb: the verb and the resource)
 *   AuthController.completeSignIn → completeSignIn  (a name of two words or more is kept as it is)
 *
 * Where that reads badly, `@ApiOperation({ operationId })` says it; ids are checked unique when the
 * document is built (openapi-description.ts).
 */

const CRUD_VERBS: Record<string, { verb: string; plural: boolean }> = {
  list: { verb: 'list', plural: true },
  one: { verb: 'get', plural: false },
  get: { verb: 'get', plural: false },
  create: { verb: 'create', plural: false },
  update: { verb: 'update', plural: false },
  remove: { verb: 'delete', plural: false },
  delete: { verb: 'delete', plural: false },
};

/** `WebhookDeliveries` → `WebhookDelivery`, `Projects` → `Project`; other words are left alone. */
export function singular(resource: string): string {
  if (resource.endsWith('ies')) return `${resource.slice(0, -3)}y`;
  if (resource.endsWith('ses') || resource.endsWith('ss')) return resource.endsWith('ses') ? resource.slice(0, -1) : resource;
  return resource.endsWith('s') ? resource.slice(0, -1) : resource;
}

export function operationIdFor(controllerKey: string, methodKey: string): string {
  const resource = controllerKey.replace(/Controller$/, '');
  const crud = CRUD_VERBS[methodKey];
  if (crud) return `${crud.verb}${crud.plural ? resource : singular(resource)}`;
  if (/^[a-z]+$/.test(methodKey)) return `${methodKey}${singular(resource)}`;
  return methodKey;
}

/** `listWebhookDeliveries` → `List webhook deliveries`: the summary of an operation that gives none. */
export function summaryFromOperationId(operationId: string): string {
  const words = operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .map((w) => (/^[A-Z]{2,}$/.test(w) ? w : w.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
