import { describe, expect, it } from 'vitest';
import { recipientProblem, validateCustomEmail, validateInvitation, validateTestEmail } from './validation';

describe('email validation (spec §5)', () => {
  it('invitation: valid email and a name of 2+ characters', () => {
    expect(validateInvitation({ email: 'x', clientName: ' J ', customMessage: '' })).toEqual({
      email: 'Please enter a valid email address',
      clientName: 'Client name must be at least 2 characters',
    });
    expect(validateInvitation({ email: 'jo@example.com', clientName: 'Jo', customMessage: '' })).toEqual({
      email: undefined,
      clientName: undefined,
    });
  });

  it('custom email: subject, content, and recipients unless sending to all', () => {
    expect(validateCustomEmail({ subject: ' ', htmlContent: '', sendToAll: false, recipients: [] })).toEqual({
      subject: 'Email subject is required',
      htmlContent: 'Email content is required',
      recipients: 'At least one recipient is required when not sending to all clients',
    });
    expect(validateCustomEmail({ subject: 'S', htmlContent: '<p/>', sendToAll: true, recipients: [] }).recipients).toBeUndefined();
  });

  it('test email: valid email and type welcome or project', () => {
    expect(validateTestEmail({ email: 'bad', type: 'welcome' }).email).toBe('Please enter a valid email address');
    expect(validateTestEmail({ email: 'a@b.co', type: 'other' as never }).type).toBe('Type must be welcome or project');
  });

  it('adding a recipient: invalid, duplicate (any case), too many', () => {
    expect(recipientProblem('nope', [])).toEqual({ title: 'Invalid Email', description: 'Please enter a valid email address' });
    expect(recipientProblem('A@B.co', ['a@b.co'])).toEqual({
      title: 'Duplicate Email',
      description: 'This email is already in the recipients list',
    });
    expect(
      recipientProblem(
        'new@b.co',
        Array.from({ length: 500 }, (_, i) => `r${i}@b.co`),
      )?.title,
    ).toBe('Too Many Recipients');
    expect(recipientProblem('new@b.co', ['a@b.co'])).toBeNull();
  });
});
