import { totpIssuer } from './two-factor';

describe("the authenticator's issuer", () => {
  it("is the studio's name, without the colon that would end it in the otpauth label", () => {
    expect(totpIssuer('Harbour Light Photography')).toBe('Harbour Light Photography');
    expect(totpIssuer('Studio: North  & Co')).toBe('Studio North & Co');
    expect(totpIssuer(' : ')).toBe('Studio Portal');
  });
});
