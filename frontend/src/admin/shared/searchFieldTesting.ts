import { expect } from 'vitest';

/**
 * Asserts that a search input offers one clear button: the browser's own (WebKit's cancel button of an
 * `<input type="search">`) is hidden by a CSS rule on the field's root (jsdom draws no pseudo-elements,
 * so the rule Emotion wrote for the field is read), and MUI's 'Clear search' button is the one shown.
 */
export function expectNativeClearHidden(input: HTMLElement): void {
  expect(input).toHaveAttribute('type', 'search');
  const root = input.closest('.MuiTextField-root') ?? input.closest('.MuiFormControl-root');
  expect(root).not.toBeNull();
  const classes = [...root!.classList].filter((c) => c.startsWith('css-'));
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  const hidden = classes.some((c) =>
    new RegExp(`\\.${c} input\\[type="search"\\]::-webkit-search-cancel-button\\{[^}]*display:none`).test(css),
  );
  expect(hidden, 'the browser clear button is hidden').toBe(true);
}
