import { ADMIN, expect, signInByApi, test } from './support/fixtures';

test.describe('Activity Log (CONTRACT §8)', () => {
  test('the admin creates a service and finds it in the Activity Log with a filter, then exports it', async ({ page }) => {
    const tag = `E2E${Date.now().toString(36)}`;
    await signInByApi(page, ADMIN.email, ADMIN.password);

    // one change through the back office
    await page.goto('/admin/services');
    await page.getByRole('button', { name: 'New Service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Service Name').fill(`${tag} Aerial photos`);
    await dialog.getByLabel('Price ($)').fill('1250');
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    await expect(page.getByText('Service created successfully')).toBeVisible();

    // the Activity Log, from the menu
    await page.getByRole('menuitem', { name: 'Activity Log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit-events/);
    await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
    await page.getByPlaceholder('Search summary or email').fill(tag);
    const table = page.getByRole('table', { name: 'Activity' });
    const row = table.getByRole('row').filter({ hasText: `Created service "${tag} Aerial photos" ($1,250.00)` });
    await expect(row).toBeVisible();
    await expect(row).toContainText(ADMIN.email);
    await expect(row).toContainText('Service created');
    await expect(table.getByRole('row')).toHaveCount(2); // the header and the one event

    // the Action filter: another action hides it, its own shows it again
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Service deleted' }).click();
    await expect(page.getByText('No activity found')).toBeVisible();
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Service created' }).click();
    await expect(row).toBeVisible();

    // the filtered events as a CSV file from the server
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
