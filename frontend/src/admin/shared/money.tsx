import InputAdornment from '@mui/material/InputAdornment';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DEFAULT_STUDIO, readInjectedStudio, studioQuery } from '../../shared/studio';

export interface CurrencyAffix {
  /** '$', '€', 'CHF' */
  symbol: string;
  /** where the locale writes it: '$75.00' (start), '75,00 €' (end) */
  position: 'start' | 'end';
}

/** The currency's symbol and its side as the locale writes amounts (USD en-US → '$' before). */
export function currencyAffix(currency: string, locale: string): CurrencyAffix {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'currency');
    const number = parts.findIndex((p) => p.type === 'integer');
    if (at >= 0) return { symbol: parts[at]!.value, position: at < number ? 'start' : 'end' };
  } catch {
    // a currency or locale Intl does not know: the default studio's
  }
  return { symbol: '$', position: 'start' };
}

/**
 * The studio's currency symbol for the back office's price inputs. It reads the studio the back office
 * already has (the bar's query, seeded from the page: studioCache.ts) and never asks the server itself.
 */
export function useCurrencyAffix(): CurrencyAffix {
  const { data } = useQuery({ ...studioQuery, enabled: false });
  const studio = data ?? readInjectedStudio() ?? DEFAULT_STUDIO;
  return useMemo(() => currencyAffix(studio.currency, studio.locale), [studio.currency, studio.locale]);
}

/** A price input's adornment (TextField `slotProps.input`): the symbol on the side the locale puts it. */
export function currencyAdornment({ symbol, position }: CurrencyAffix) {
  const adornment = <InputAdornment position={position}>{symbol}</InputAdornment>;
  return position === 'start' ? { startAdornment: adornment } : { endAdornment: adornment };
}
