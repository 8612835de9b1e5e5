import type { Response } from 'supertest';
import { expectMatchesContract, operations } from '../support/openapi-contract';
import { ADMIN, adminAgent, Agent, createTestApp, newClient, TestApp } from '../support/test-app';
import { changedTables, tableSnapshot } from '../support/table-snapshot';

/**
 * CONTRACT §12: one authority policy. Every operation of openapi.yaml × every kind of credential
 * (nobody, a client's session, the admin's session, a read API token, a write API token), against the
 * policy written here, independently of the routes' own `Access` declarations:
 * - a cell the policy refuses answers exactly the authority's status and code, and changes nothing;
 * - a cell the policy lets through is never refused by the authority (its answer may still be 400 or
 *   404: the requests carry no valid body and ids that do not exist, so nothing is created);
 * - a read token causes no side effect on any route, whatever the method: no table changes (its
 *   `last_used_at` aside) and no e-mail is queued.
 * An operation without a policy here fails the test; a route without an Access declaration stops the
 * application before the test starts (AccessDeclarations).
 */

type Credential = 'nobody' | 'client' | 'admin' | 'readToken' | 'writeToken';
const CREDENTIALS: Credential[] = ['nobody', 'client', 'admin', 'readToken', 'writeToken'];

/**
 * public: anyone, no token; public+read: anyone, tokens too; public+write: anyone, a write token too;
 * session: a signed-in account for itself, by session only; client: a signed-in account on its own
 * things, by session only; client+read: the same, and a token reads as the admin; admin-session: the
 * admin's session only; admin+read / admin+write: the admin, or a token of that scope.
 */
type Policy =
  'public' | 'public+read' | 'public+write' | 'session' | 'client' | 'client+read' | 'admin-session' | 'admin+read' | 'admin+write';

const POLICY: Record<string, Policy> = {
  'GET /api/health': 'public+read',
  'GET /api/public-config': 'public+read',
  'POST /api/login': 'public',
  'POST /api/login/2fa': 'public',
  'POST /api/logout': 'public',
  'POST /api/register': 'public+write',
  'POST /api/verify/request-code': 'public',
  'POST /api/verify/reset-password': 'public',
  'POST /api/verify-email': 'public',
  'GET /api/setup': 'public',
  'POST /api/setup': 'public',
  'GET /api/media/projects/{projectId}/{photoId}/{file}': 'public+read',
  'GET /api/studio': 'public+read',
  'GET /api/studio/logo': 'public+read',

  // One's own account: the session's alone.
  'PATCH /api/update-account': 'session',
  'DELETE /api/delete-account': 'session',
  'POST /api/2fa/setup': 'session',
  'POST /api/2fa/enable': 'session',
  'POST /api/2fa/disable': 'session',
  'POST /api/verify-email/resend': 'session',

  // A client's own things: reads (a token reads as the admin) and the client's payments (session only).
  'GET /api/user': 'client+read',
  'GET /api/services': 'client+read',
  'GET /api/services/{id}': 'client+read',
  'GET /api/credit-bundles': 'client+read',
  'GET /api/projects/client/{userId}': 'client+read',
  'GET /api/projects/{id}': 'client+read',
  'GET /api/projects/{id}/services': 'client+read',
  'GET /api/projects/{id}/photos': 'client+read',
  'GET /api/projects/{id}/photos.zip': 'client+read',
  'GET /api/project-remaining-balance/{projectId}': 'client+read',
  'GET /api/project-services-with-credits/{projectId}': 'client+read',
  'GET /api/user-credits/{userId}': 'client+read',
  'GET /api/payments/{id}/receipt.pdf': 'client+read',
  'GET /api/my/payments': 'client+read',
  'GET /api/my/invoices': 'client+read',
  'GET /api/invoices/{id}': 'client+read',
  'GET /api/invoices/{id}/pdf': 'client+read',
  'PUT /api/photos/{id}/favorite': 'client',
  'DELETE /api/photos/{id}/favorite': 'client',
  'POST /api/create-payment-intent': 'client',
  'POST /api/confirm-payment': 'client',
  'POST /api/payment-emulator/payment_intents/{id}/confirm': 'client',
  'POST /api/create-credit-payment-intent': 'client',
  'POST /api/purchase-credits': 'client',
  'POST /api/redeem-credits': 'client',
  'POST /api/mark-project-as-paid/{id}': 'client',

  // Account authority over others, tokens, webhooks: the admin's session.
  'POST /api/clients/{id}/end-sessions': 'admin-session',
  'GET /api/api-tokens': 'admin-session',
  'POST /api/api-tokens': 'admin-session',
  'DELETE /api/api-tokens/{id}': 'admin-session',
  'GET /api/webhook-endpoints': 'admin-session',
  'POST /api/webhook-endpoints': 'admin-session',
  'PATCH /api/webhook-endpoints/{id}': 'admin-session',
  'DELETE /api/webhook-endpoints/{id}': 'admin-session',
  'POST /api/webhook-endpoints/{id}/test': 'admin-session',
  'GET /api/webhook-endpoints/{id}/deliveries': 'admin-session',
  'POST /api/webhook-deliveries/{id}/retry': 'admin-session',
  // The studio's settings (CONTRACT §13): account authority, the admin's session.
  'GET /api/studio/settings': 'admin-session',
  'PATCH /api/studio': 'admin-session',
  'POST /api/studio/logo': 'admin-session',
  'DELETE /api/studio/logo': 'admin-session',

  // The studio's business data: reads.
  'GET /api/clients': 'admin+read',
  'GET /api/clients/{id}': 'admin+read',
  'GET /api/projects': 'admin+read',
  'GET /api/payments': 'admin+read',
  'GET /api/payments/summary': 'admin+read',
  'GET /api/payments/export.csv': 'admin+read',
  'GET /api/payments/{id}/refunds': 'admin+read',
  'GET /api/dashboard': 'admin+read',
  'GET /api/invoices': 'admin+read',
  'GET /api/audit-events': 'admin+read',
  'GET /api/audit-events/export.csv': 'admin+read',
  'GET /api/credit-bundles/admin': 'admin+read',
  'GET /api/credit-bundles/usage': 'admin+read',
  'GET /api/clients-with-credits': 'admin+read',
  'GET /api/credit-transactions/{clientId}': 'admin+read',
  'GET /api/credit-projects/{clientId}': 'admin+read',
  'GET /api/email-status': 'admin+read',
  'GET /api/admin/email-outbox': 'admin+read',
  'GET /api/admin/email-outbox/{id}': 'admin+read',

  // The studio's business data: changes (the account fields of PUT /api/clients/{id} are the session's, tested apart).
  'PUT /api/clients/{id}': 'admin+write',
  'DELETE /api/clients/{id}': 'admin+write',
  'POST /api/projects': 'admin+write',
  'PATCH /api/invoices/{id}': 'admin+write',
  'PUT /api/invoices/{id}/schedule': 'admin+write',
  'POST /api/invoices/{id}/send': 'admin+write',
  'PUT /api/projects/{id}': 'admin+write',
  'DELETE /api/projects/{id}': 'admin+write',
  'POST /api/projects/{id}/add-service': 'admin+write',
  'PATCH /api/projects/{id}/mark-paid': 'admin+write',
  'POST /api/mark-project-as-paid': 'admin+write',
  'POST /api/projects/{id}/photos': 'admin+write',
  'DELETE /api/photos/{id}': 'admin+write',
  'POST /api/services': 'admin+write',
  'PUT /api/services/{id}': 'admin+write',
  'DELETE /api/services/{id}': 'admin+write',
  'POST /api/credit-bundles': 'admin+write',
  'PATCH /api/credit-bundles/{id}': 'admin+write',
  'DELETE /api/credit-bundles/{id}': 'admin+write',
  'POST /api/credit-adjustments': 'admin+write',
  'POST /api/payments/{id}/refunds': 'admin+write',
  'POST /api/admin/test-email': 'admin+write',
  'POST /api/send-test-welcome-email': 'admin+write',
  'POST /api/send-test-project-email': 'admin+write',
  'GET /api/send-test-welcome-email': 'admin+write',
  'GET /api/send-test-project-email': 'admin+write',
  'POST /api/admin/send-client-invitation': 'admin+write',
  'POST /api/admin/send-custom-email': 'admin+write',
  'POST /api/admin/email-outbox/{id}/resend': 'admin+write',
};

/** What the authority answers a cell: a refusal's status and code, or 'through' (the route's own answer follows). */
function expected(policy: Policy, who: Credential): { status: number; code: string } | 'through' {
  const [caller, tokens = 'none'] = policy.split('+') as [string, 'read' | 'write' | undefined];
  const sessionOnly = caller === 'session' || caller === 'admin-session' || tokens === 'none';
  if (who === 'readToken' || who === 'writeToken') {
    if (sessionOnly) return { status: 403, code: 'AUTH.SESSION_REQUIRED' };
    if (tokens === 'write' && who === 'readToken') return { status: 403, code: 'AUTH.TOKEN_READ_ONLY' };
    return 'through';
  }
  if (caller === 'public') return 'through';
  if (who === 'nobody') return { status: 401, code: 'AUTH.NOT_SIGNED_IN' };
  if ((caller === 'admin' || caller === 'admin-session') && who === 'client') return { status: 403, code: 'AUTH.ADMIN_ONLY' };
  return 'through';
}

const AUTHORITY_CODES = new Set([
  'AUTH.NOT_SIGNED_IN',
  'AUTH.ADMIN_ONLY',
  'AUTH.SESSION_REQUIRED',
  'AUTH.TOKEN_READ_ONLY',
  'AUTH.INVALID_TOKEN',
]);

/** Routes whose call ends or replaces the caller's session: each session cell gets a new one. */
const ENDS_SESSION = new Set(['POST /api/logout', 'DELETE /api/delete-account', 'POST /api/login', 'POST /api/register']);

/** The tables a read token must leave as they were (api_tokens' last use aside); the outbox counts every queued e-mail. */
const SNAPSHOT_TABLES: Record<string, string> = {
  ...Object.fromEntries(
    [
      'users',
      'services',
      'projects',
      'project_services',
      'payments',
      'payment_refunds',
      'card_payment_intents',
      'credit_bundles',
      'user_credits',
      'credit_transactions',
      'audit_events',
      'webhook_endpoints',
      'photos',
      'email_verifications',
    ].map((table) => [table, `SELECT * FROM ${table}`]),
  ),
  // What the outbox dispatcher changes in the background (state, tries) is left out: a new row is what counts.
  email_outbox: 'SELECT id, kind, to_address, subject FROM email_outbox',
  session: 'SELECT sid FROM session',
};
const takeSnapshot = tableSnapshot(SNAPSHOT_TABLES);

const OPERATIONS = operations();
const CELLS = OPERATIONS.length * CREDENTIALS.length;

describe(`Authority matrix: ${OPERATIONS.length} operations × ${CREDENTIALS.length} credentials = ${CELLS} cells (CONTRACT §12)`, () => {
  let t: TestApp;
  let admin: Agent;
  let client: Agent;
  let clientPerson: { email: string; password: string };
  const tokens: Record<'readToken' | 'writeToken', string> = { readToken: '', writeToken: '' };
  const tag = `am${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    clientPerson = newClient('amclient');
    client = t.agent();
    await client.post('/api/register').send(clientPerson).expect(201);
    for (const [key, scope] of [
      ['readToken', 'read'],
      ['writeToken', 'write'],
    ] as const) {
      tokens[key] = (
        await admin
          .post('/api/api-tokens')
          .send({ name: `${tag} ${scope}`, scope })
          .expect(201)
      ).body.token;
    }
  });
  afterAll(() => t.close());

  const snapshot = () => takeSnapshot(t.db);

  /** The caller of a cell: a browser with its session, or a bare client with a token. */
  async function callerFor(op: string, who: Credential): Promise<Agent> {
    if (who === 'nobody') return t.agent();
    if (who === 'readToken' || who === 'writeToken') return t.agent().set('Authorization', `Bearer ${tokens[who]}`) as unknown as Agent;
    if (!ENDS_SESSION.has(op)) return who === 'admin' ? admin : client;
    // A session of its own: a new throwaway account of the kind (deleting it must not delete the fixtures).
    const person = newClient(`am${who}`);
    if (who === 'admin')
      await admin
        .post('/api/register')
        .send({ ...person, role: 'admin' })
        .expect(201);
    else await t.agent().post('/api/register').send(person).expect(201);
    const agent = t.agent();
    await agent.post('/api/login').send({ email: person.email, password: person.password }).expect(200);
    return agent;
  }

  async function call(agent: Agent, op: string): Promise<Response> {
    const [method, template] = op.split(' ');
    // Ids that name nothing (999999; a media file name that is not one), and an empty body.
    const url = template.replace(/\{file\}/, 'original').replace(/\{[^}]+\}/g, '999999');
    const req = agent[method.toLowerCase() as 'get'](url);
    return method === 'GET' || method === 'DELETE' ? req : req.send({});
  }

  it('has a policy for every operation of openapi.yaml, and none for an operation that is not there', () => {
    const documented = OPERATIONS.map((o) => o.key);
    expect(documented.filter((op) => !POLICY[op])).toEqual([]);
    const gone = Object.keys(POLICY).filter((op) => !documented.includes(op) && !/send-test-.*-email/.test(op));
    expect(gone).toEqual([]);
  });

  it.each(OPERATIONS.map((o) => [o.key]))('%s', async (op) => {
    const policy = POLICY[op];
    expect(policy).toBeDefined();
    const problems: string[] = [];
    for (const who of CREDENTIALS) {
      const want = expected(policy, who);
      const agent = await callerFor(op, who);
      const before = want !== 'through' || who === 'readToken' ? await snapshot() : null;
      const res = await call(agent, op);
      const cell = `${who} → ${op} (${policy})`;
      const code = (res.body as { code?: string } | undefined)?.code;
      if (res.status >= 500) problems.push(`${cell} answered ${res.status}: ${res.text.slice(0, 200)}`);
      if (want === 'through') {
        if (code && AUTHORITY_CODES.has(code)) problems.push(`${cell} was refused by the authority (${res.status} ${code})`);
      } else if (res.status !== want.status || code !== want.code) {
        problems.push(`${cell} answered ${res.status} ${code ?? res.text.slice(0, 120)}, expected ${want.status} ${want.code}`);
      }
      try {
        expectMatchesContract(res);
      } catch (err) {
        problems.push(`${cell}: ${(err as Error).message}`);
      }
      if (before) {
        const changed = changedTables(before, await snapshot());
        if (changed.length) problems.push(`${cell} answered ${res.status} and changed ${changed.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('can fail: a refused cell that answered otherwise, and a read token that wrote, are both caught', async () => {
    // The admin's session through a route the policy would refuse a client: 'through' for the admin, a refusal for the client.
    expect(expected('admin+read', 'client')).toEqual({ status: 403, code: 'AUTH.ADMIN_ONLY' });
    expect(expected('admin+write', 'readToken')).toEqual({ status: 403, code: 'AUTH.TOKEN_READ_ONLY' });
    expect(expected('client+read', 'writeToken')).toBe('through');
    expect(expected('client', 'writeToken')).toEqual({ status: 403, code: 'AUTH.SESSION_REQUIRED' });
    const before = await snapshot();
    await admin
      .post('/api/services')
      .send({ name: `${tag} seen`, price: 1 })
      .expect(201);
    const after = await snapshot();
    expect(changedTables(before, after)).toEqual(expect.arrayContaining(['services', 'audit_events']));
    // The sign-in used by the session cells still works: the fixtures are intact.
    await t.agent().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
    await t.agent().post('/api/login').send(clientPerson).expect(200);
  });
});
