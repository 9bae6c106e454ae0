import { expect, test } from './fixtures';

// The e2e company is the installation's first: its staff are its operators (decision 0440).
for (const width of [390, 1366]) {
  test(`an operator backs up from the Backups screen and sees its time, size and place (${width} px)`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Backups' }).click();
    await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect(page.getByRole('status')).toContainText('Backed up: vaultgrid-', {
      timeout: 60_000,
    });
    const last = page.getByRole('region', { name: 'Last backup' });
    await expect(last.getByText(/backups$/)).toBeVisible();
    await expect(last.getByText(/^\d+(\.\d)? (KB|MB)$/)).toBeVisible();
    // Nothing runs past the screen's edge on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
