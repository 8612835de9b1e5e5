/**
 * What a project's row in the API says of its invoice (CONTRACT §14), as SQL over billing's stored figures,
 * for the projects' one-statement JSON reads: billing owns this text, projects splice it in. `p` is the
 * projects alias; the joins add `bi` (the invoice), `bd` (its deposit: the first installment when labelled
 * 'Deposit') and `bn` (the next installment still owed, with the schedule's length).
 */
export const projectBillingJoins = (p: string): string => `
  LEFT JOIN invoices bi ON bi.project_id = ${p}.id
  LEFT JOIN invoice_installments bd ON bd.invoice_id = bi.id AND bd.position = 0 AND bd.label = 'Deposit'
  LEFT JOIN LATERAL (
    SELECT k.position, k.label, k.amount_cents - k.paid_cents AS remaining, to_char(k.due_date, 'YYYY-MM-DD') AS due,
           k.due_date < (SELECT (now() AT TIME ZONE s.time_zone)::date FROM studio_settings s WHERE s.id = 1) AS overdue,
           (SELECT count(*) FROM invoice_installments c WHERE c.invoice_id = bi.id) AS n
      FROM invoice_installments k
     WHERE k.invoice_id = bi.id AND bi.status = 'open' AND k.paid_cents < k.amount_cents
     ORDER BY k.position LIMIT 1) bn ON true`;

/** The fields (pairs for json_build_object) read from the joins above. */
export const projectBillingFields = `
    'invoiceId', bi.id,
    'invoiceNumber', CASE WHEN bi.number IS NOT NULL THEN 'INV-' || CASE WHEN bi.number >= 1000000 THEN bi.number::text ELSE lpad(bi.number::text, 6, '0') END END,
    'amountPaid', coalesce(bi.payments_cents - bi.refunded_cents, 0)::float8 / 100,
    'unpaidAmount', coalesce(bi.due_cents, 0)::float8 / 100,
    'depositAmount', bd.amount_cents::float8 / 100,
    'depositDue', CASE WHEN bi.due_cents > 0 AND bd.paid_cents < bd.amount_cents THEN least(bd.amount_cents - bd.paid_cents, bi.due_cents)::float8 / 100 END,
    'nextInstallment', CASE WHEN bn.position IS NOT NULL THEN json_build_object('number', bn.position + 1, 'count', bn.n, 'label', bn.label,
        'amount', least(bn.remaining, bi.due_cents)::float8 / 100, 'dueDate', bn.due, 'overdue', bn.overdue) END`;

/** Whether the project owes nothing (its invoice's due is 0; a project billing never heard of owes nothing). */
export const projectPaidSql = (p: string): string =>
  `coalesce((SELECT bi.due_cents = 0 FROM invoices bi WHERE bi.project_id = ${p}.id), true)`;
