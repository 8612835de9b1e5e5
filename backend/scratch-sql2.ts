import 'reflect-metadata';
import { Pool } from 'pg';
import { parseListQuery } from './src/shared/http/list-query';
import * as C from './src/modules/clients/infrastructure/persistence/client.queries';
import * as P from './src/modules/payments/infrastructure/persistence/payment.queries';
const pool = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/perf_main', max: 2 });
const seen: Array<{ text: string; values: unknown[] }> = [];
const rec: any = { query: (cfg: any, v?: any) => { const s = typeof cfg === 'string' ? { text: cfg, values: v ?? [] } : { text: cfg.text, values: cfg.values }; seen.push(s); return pool.query(s.text, s.values as any); } };
const ds: any = { driver: { master: rec }, query: async (t: string, p?: unknown[]) => (await rec.query(t, p)).rows };
async function explain(label: string, fn: () => Promise<unknown>) {
  seen.length = 0;
  await fn();
  for (const s of seen) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) await pool.query(s.text, s.values as any);
    const per = Number(process.hrtime.bigint() - t0) / 200 / 1e6;
    const r = await pool.query('EXPLAIN (ANALYZE) ' + s.text, s.values as any);
    const rows = r.rows.map((x: any) => x['QUERY PLAN']);
    console.log(`== ${label}: ${per.toFixed(2)} ms per round trip; ${rows.slice(-2).join(' | ')}`);
    console.log(s.text.replace(/\s+/g, ' ').slice(0, 600));
  }
}
(async () => {
  const CQ = Object.values(C).find((x: any) => typeof x === 'function' && /Queries/.test(x.name)) as any;
  const PQ = Object.values(P).find((x: any) => typeof x === 'function' && /Queries/.test(x.name)) as any;
  const cq = new CQ(ds); const pq = new PQ(ds);
  console.log(Object.getOwnPropertyNames(CQ.prototype), Object.getOwnPropertyNames(PQ.prototype));
  await explain('clients', () => cq.list(parseListQuery({ sort: '["id","ASC"]', range: '[0,24]' }, (C as any).CLIENT_SORTS, { field: 'id', order: 'ASC' })));
  await explain('payments', () => pq.list(parseListQuery({ sort: '["paymentDate","DESC"]', range: '[0,24]' }, (P as any).PAYMENT_SORTS, { field: 'paymentDate', order: 'DESC' })));
  await pool.end();
})().catch((e) => { console.error(e); process.exit(1); });
