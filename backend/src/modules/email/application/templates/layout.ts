import type { EmailBrand } from '../../domain/email-message';

/**
 * Shared frame of the studio's e-mails: a table layout with inline styles that mail clients render alike,
 * branded with the studio (CONTRACT §13): its logo or its name in the header, on its accent colour (white
 * text on it keeps AA contrast: the settings refuse a colour that fails), and a footer with its name and
 * contact lines. Everything the studio typed is escaped.
 */
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

/** The studio's accent colour ('#rrggbb'): header, buttons, links. */
export function accentOf(brand: EmailBrand): string {
  const c = brand.studio.props.accentColor;
  // Stored lower-case '#rrggbb' (a CHECK); anything else never reaches a style attribute.
  return /^#[0-9a-fA-F]{6}$/.test(c) ? c : '#1e3a8a';
}

function header(brand: EmailBrand): string {
  const name = escapeHtml(brand.studio.name);
  const content = brand.logo
    ? `<img src="${escapeHtml(brand.logo.url)}" alt="${name}" width="${brand.logo.width}" height="${brand.logo.height}" style="display:block;border:0;outline:none;max-width:100%;height:auto;background:#ffffff;border-radius:6px">`
    : name;
  return `<tr><td style="background:${accentOf(brand)};color:#ffffff;padding:20px 28px;font-size:18px;font-weight:700;letter-spacing:.3px">${content}</td></tr>`;
}

function footer(brand: EmailBrand, note: string): string {
  const lines = brand.studio.contactLines.map((l) => escapeHtml(l)).join('<br>');
  return (
    `<tr><td style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:12px;line-height:1.5">` +
    `<div style="font-weight:700;color:#334155">${escapeHtml(brand.studio.name)}</div>` +
    (lines ? `<div style="white-space:pre-line">${lines}</div>` : '') +
    `<div style="padding-top:8px">${escapeHtml(note)}</div></td></tr>`
  );
}

/** The studio's signature under a text part: its name and contact lines. */
export function textSignature(brand: EmailBrand): string {
  return `\n--\n${[brand.studio.name, ...brand.studio.contactLines].join('\n')}\n`;
}

export function renderLayout(parts: LayoutParts, brand: EmailBrand): string {
  const accent = accentOf(brand);
  const action = parts.action
    ? `<tr><td style="padding:8px 0 24px"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:${accent};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">${escapeHtml(parts.action.label)}</a></td></tr>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(parts.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(parts.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
${header(brand)}
<tr><td style="padding:28px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;padding-bottom:12px">${escapeHtml(parts.heading)}</td></tr>
<tr><td style="font-size:15px;line-height:1.6;padding-bottom:16px">${parts.bodyHtml}</td></tr>
${action}
</table>
</td></tr>
${footer(brand, parts.footer ?? 'You receive this e-mail because you have an account with our photography studio.')}
</table>
</td></tr></table>
</body></html>`;
}
