import type { Page } from '@playwright/test';
import { ADMIN, expect, newPerson, signInByApi, test } from './support/fixtures';

async function adjust(admin: Page, email: string, type: 'Add Credits' | 'Remove Credits', amount: string): Promise<void> {
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Adjust credits' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Adjust Credits' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('0');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await dialog.getByRole('radio', { name: type }).check();
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Credits Adjusted')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('Admin Bundles and Client Credits (issue 5)', () => {
  test('creates a bundle, adds 5 credits to a new client, removes 2 → balance 3 with +5 and -2 in the history', async ({ page }) => {
    const tag = `E2E${Date.now().toString(36)}`;
    const client = newPerson('credits');
    await signInByApi(page, ADMIN.email, ADMIN.password);

    await page.goto('/admin/credits');
    await expect(page.getByRole('heading', { level: 1, name: 'Bundles' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Bundle' }).click();
    const bundleDialog = page.getByRole('dialog', { name: 'Create Bundle' });
    await bundleDialog.getByLabel('Name').fill(`${tag} Starter Pack`);
    await bundleDialog.getByRole('button', { name: 'Create Bundle' }).click();
    await expect(bundleDialog.getByText('Price must be at least 1')).toBeVisible();
    await expect(bundleDialog.getByText('Credit amount must be at least 1')).toBeVisible();
    await bundleDialog.getByLabel('Credit Amount').fill('5');
    await bundleDialog.getByLabel('Price ($)').fill('49.5');
    await bundleDialog.getByRole('button', { name: 'Create Bundle' }).click();
    await expect(page.getByText('Credit Bundle Created')).toBeVisible();
    await expect(bundleDialog).toBeHidden();
    const bundleRow = page.getByRole('row', { name: new RegExp(`${tag} Starter Pack`) });
    await expect(bundleRow).toContainText('$49.50');
    await expect(bundleRow).toContainText('Active');

    await page.goto('/admin/clients');
    await page.getByRole('button', { name: 'New Client' }).click();
    const clientDialog = page.getByRole('dialog');
    await clientDialog.getByLabel('Name').fill(client.name);
    await clientDialog.getByLabel('Email').fill(client.email);
    await clientDialog.getByLabel('Password').fill(client.password);
    await clientDialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(page.getByText('Client created successfully')).toBeVisible();

    await page.goto('/admin/credits');
    await page.getByPlaceholder('Search clients by name or email...').fill(client.email.toUpperCase());
    const row = page.getByRole('row').filter({ hasText: client.email });
    await expect(row).toContainText('0 credits');

    await adjust(page, client.email, 'Add Credits', '5');
    await expect(row).toContainText('5 credits');
    await adjust(page, client.email, 'Remove Credits', '2');
    await expect(page.getByRole('columnheader', { name: 'Credit Balance' })).toBeVisible();
    await expect(row).toContainText('3 credits');

    // the details open in the row under the client's
    await row.getByRole('button', { expanded: false }).click();
    await expect(page.getByText('No projects found where credits were used.')).toBeVisible();
    const history = page.getByRole('table', { name: 'Transaction history' });
    await expect(history.getByRole('row').filter({ hasText: 'Admin Added' })).toContainText('+5');
    await expect(history.getByRole('row').filter({ hasText: 'Admin Removed' })).toContainText('-2');
  });
});
