import { expect, mailbox, newPerson, signIn, test } from './support/fixtures';

test('the whole reset journey, reading the code from the e-mail', async ({ page, request }) => {
  const p = newPerson('reset');
  await request.post('/api/register', { data: { username: p.name, email: p.email, password: p.password } });

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes at once, the page's lazy chunk a moment later: until then the sign-in form's
  // Email field is still the one on screen.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(p.email);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  await expect(
    page.getByText("If an account exists with the email you provided, we've sent a 6-digit verification code to reset your password."),
  ).toBeVisible();

  const mail = await mailbox.waitFor((m) => m.to.includes(p.email) && m.subject === 'Your password reset code');
  const code = /\b(\d{6})\b/.exec(mail.text)![1];

  await page.getByRole('link', { name: 'Continue to Reset Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Verification Code').fill(code);
  const newPassword = 'Golden#Hour42';
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5000 });

  await signIn(page, p.email, p.password);
  await expect(page.getByText('Login failed')).toBeVisible();
  await signIn(page, p.email, newPassword);
  await expect(page).toHaveURL(/\/projects$/);
});

test('a wrong code shows the server message and changes nothing', async ({ page, request }) => {
  const p = newPerson('badcode');
  await request.post('/api/register', { data: { username: p.name, email: p.email, password: p.password } });
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Verification Code').fill('000000');
  await page.getByLabel('New Password').fill('Golden#Hour42');
  await page.getByLabel('Confirm Password').fill('Golden#Hour42');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Invalid or expired verification code')).toBeVisible();
});
