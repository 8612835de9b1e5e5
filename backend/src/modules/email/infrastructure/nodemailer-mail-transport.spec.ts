import { fromAddress } from './nodemailer-mail-transport';

describe('the sender address', () => {
  it("keeps MAIL_FROM's address and drops its display name (the studio's sender name replaces it)", () => {
    expect(fromAddress('Studio <no-reply@localhost>')).toBe('no-reply@localhost');
    expect(fromAddress('"Portal, Inc." <mail@studio.example> ')).toBe('mail@studio.example');
    expect(fromAddress('no-reply@studio.example')).toBe('no-reply@studio.example');
  });
});
