import { describe, expect, it } from 'vitest';
import { currencyAffix } from './money';

describe("a price input's currency symbol", () => {
  it("is the default studio's $ before the amount", () => {
    expect(currencyAffix('USD', 'en-US')).toEqual({ symbol: '$', position: 'start' });
  });

  it("follows the studio's currency and where its locale writes the symbol", () => {
    expect(currencyAffix('EUR', 'en-IE')).toEqual({ symbol: '€', position: 'start' });
    expect(currencyAffix('EUR', 'de-DE')).toEqual({ symbol: '€', position: 'end' });
    expect(currencyAffix('GBP', 'en-GB')).toEqual({ symbol: '£', position: 'start' });
    expect(currencyAffix('CAD', 'en-US')).toEqual({ symbol: 'CA$', position: 'start' });
  });

  it("falls back to the default studio's for a currency Intl does not know", () => {
    expect(currencyAffix('NOPE!', 'en-US')).toEqual({ symbol: '$', position: 'start' });
  });
});
