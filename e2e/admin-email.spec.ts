import type { Page } from '@playwright/test';
import { ADMIN, expect, mailbox, newPerson, signInByApi, test } from './support/fixtures';

async function openEmailSystem(page: Page): Promise<void> {
  await signInByApi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/email');
  await expect(page.getByRole('heading', { level: 1, name: 'Email System' })).toBeVisible();
}

test.describe('Admin E-mail system (issue 6)', () => {
  test('Invite Clients: the invitation arrives and its link opens Register pre-filled', async ({ page, browser }) => {
    const person = newPerson('invite');
    await openEmailSystem(page);
    await page.getByRole('tab', { name: 'Invite Clients' }).click();
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Client name must be at least 2 characters')).toBeVisible();
    await page.getByLabel('Client Email').fill(person.email);
    await page.getByLabel('Client Name').fill(person.name);
    await page.getByLabel('Custom Message (optional)').fill('Looking forward to Friday!');
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Invitation Sent')).toBeVisible();
    await expect(page.getByText(`Invitation sent to ${person.email}`)).toBeVisible();
    await expect(page.getByLabel('Client Email')).toHaveValue('');

    const mail = await mailbox.waitFor((m) => m.to.includes(person.email));
    expect(mail.subject).toBe('You are invited to your photography client portal');
    expect(mail.text).toContain('Looking forward to Friday!');
    const link = /(http:\/\/\S+\/auth\?tab=register&email=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    // The outbox lists it as sent.
    const row = page.getByRole('row').filter({ hasText: person.email });
    await expect(row).toContainText('Sent');
    await expect(row).toContainText('Invitation');

    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link!);
    await expect(invitee.getByLabel('Email')).toHaveValue(person.email);
    // registering on the invitation's page: the invited address is verified at once (CONTRACT §8)
    await invitee.getByLabel('Name').fill(person.name);
    await invitee.getByLabel('Password', { exact: true }).fill(person.password);
    await invitee.getByLabel('Confirm Password').fill(person.password);
    await invitee.getByRole('button', { name: 'Create Account' }).click();
    await expect(invitee).toHaveURL(/\/projects/);
    await expect(invitee.getByRole('heading', { name: 'My Projects' })).toBeVisible();
    await expect(invitee.getByText('Please confirm your email address')).toHaveCount(0);
    await invitee.context().close();
  });

  test('Custom Email: recipient chips, editor/preview without scripts, sent to the listed clients', async ({ page }) => {
    const a = newPerson('custom');
    const b = newPerson('custom');
    const subject = `Spring mini-sessions ${Date.now().toString(36)}`;
    await openEmailSystem(page);
    await page.getByRole('tab', { name: 'Custom Email' }).click();
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText('Email subject is required')).toBeVisible();
    await expect(page.getByText('Email content is required')).toBeVisible();

    const recipient = page.getByLabel('Add recipient');
    await recipient.fill('not-an-address');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Invalid Email')).toBeVisible();
    await recipient.fill(a.email);
    await recipient.press('Enter');
    await recipient.fill(b.email);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await recipient.fill(a.email.toUpperCase());
    await recipient.press('Enter');
    await expect(page.getByText('Duplicate Email')).toBeVisible();
    await recipient.fill('extra@example.com');
    await recipient.press('Enter');
    await page.getByRole('button', { name: /^Remove.*extra@example\.com/ }).click();
    await expect(page.getByText('extra@example.com')).toHaveCount(0);

    await page.getByLabel('Subject', { exact: true }).fill(subject);
    const html =
      '<h1 id="title">Spring sessions</h1><p>Book your slot.</p><script>document.getElementById("title").textContent = "HACKED"</script>';
    await page.getByLabel('HTML Content').fill(html);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await expect(preview.getByRole('heading', { name: 'Spring sessions' })).toBeVisible();
    await expect(preview.getByText('HACKED')).toHaveCount(0);
    await expect(page.locator('iframe[title="Email preview"]')).toHaveAttribute('sandbox', '');
    await page.getByRole('button', { name: 'Editor' }).click();
    await expect(page.getByLabel('HTML Content')).toHaveValue(html);

    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
    await expect(page.getByText('Email sent to 2 recipients')).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
    const got = await Promise.all([a, b].map((p) => mailbox.waitFor((m) => m.subject === subject && m.to.includes(p.email))));
    expect(got.map((m) => m.html.trim())).toEqual([html, html]);
  });

  test('Custom Email: Send to all clients hides the recipient list and reaches every client', async ({ page, request }) => {
    const subject = `Studio news ${Date.now().toString(36)}`;
    const client = newPerson('everyone');
    await request.post('/api/register', { data: { username: client.name, email: client.email, password: client.password } });
    await openEmailSystem(page);
    await page.getByRole('tab', { name: 'Custom Email' }).click();
    await page.getByLabel('Send to all clients').check();
    await expect(page.getByLabel('Add recipient')).toHaveCount(0);
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('HTML Content').fill('<p>We are moving to a bigger studio.</p>');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
    await mailbox.waitFor((m) => m.subject === subject && m.to.includes(client.email));
    expect(mailbox.all().filter((m) => m.subject === subject && m.to.includes(ADMIN.email))).toHaveLength(0);
  });

  test('Test Emails: to my own address and to any address, with the status shown', async ({ page }) => {
    const other = newPerson('tested');
    await openEmailSystem(page);
    await page.getByRole('tab', { name: 'Test Emails' }).click();
    await expect(page.getByText(ADMIN.email).first()).toBeVisible();
    await expect(page.getByText(/Connected/).first()).toBeVisible();
    const before = mailbox.all().filter((m) => m.to.includes(ADMIN.email)).length;
    await page.getByRole('button', { name: 'Send Test Welcome Email' }).click();
    await expect(page.getByText('Welcome Email Sent')).toBeVisible();
    await page.getByRole('button', { name: 'Send Test Project Email' }).click();
    await expect(page.getByText('Project Email Sent')).toBeVisible();
    await expect.poll(() => mailbox.all().filter((m) => m.to.includes(ADMIN.email)).length - before).toBe(2);

    await page.getByLabel('Email Address').fill('nope');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email Address').fill(other.email);
    await page.getByLabel('Email Type').click();
    await page.getByRole('option', { name: 'Project Notification' }).click();
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
    const mail = await mailbox.waitFor((m) => m.to.includes(other.email));
    expect(mail.subject).toBe('[Test] Your new project: Sample project: Harbour Lane listing');
  });

  test('System Info: the status and the three e-mail types; the outbox shows a message in a sandboxed frame', async ({ page }) => {
    await openEmailSystem(page);
    await page.getByRole('tab', { name: 'System Info' }).click();
    await expect(page.getByText(/Connected/).first()).toBeVisible();
    await expect(page.getByText('Welcome email', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('Project notification', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('Client invitation', { exact: false }).first()).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await page.getByRole('button', { name: 'View email' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', '');
  });
});
