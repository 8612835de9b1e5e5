/** Shared frame of the studio's e-mails: a table layout with inline styles that mail clients render alike. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface LayoutParts {
  preheader: string;
  heading: string;
  /** Already-escaped HTML paragraphs and blocks. */
  bodyHtml: string;
  action?: { label: string; url: string };
  footer?: string;
}

export function renderLayout(parts: LayoutParts): string {
  const action = parts.action
    ? `<tr><td style="padding:8px 0 24px"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#1e3a8a;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">${escapeHtml(parts.action.label)}</a></td></tr>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(parts.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(parts.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1e3a8a;color:#ffffff;padding:20px 28px;font-size:18px;font-weight:700;letter-spacing:.3px">Studio Portal</td></tr>
<tr><td style="padding:28px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;padding-bottom:12px">${escapeHtml(parts.heading)}</td></tr>
<tr><td style="font-size:15px;line-height:1.6;padding-bottom:16px">${parts.bodyHtml}</td></tr>
${action}
</table>
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:12px;line-height:1.5">${escapeHtml(parts.footer ?? 'You receive this e-mail because you have an account with our photography studio.')}</td></tr>
</table>
</td></tr></table>
</body></html>`;
}
