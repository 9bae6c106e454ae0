import { expect, seedWarehouse, test, unique } from './fixtures';

// Issue 11 §4: names with characters a URL path misreads lead to the right warehouse
// (decision 0021), and a `%` never crashes the app.

for (const mark of ['100%', '#2', 'Dock?', 'A & B', 'North\\East']) {
  test(`the card, Edit and the side menu open the warehouse named "${mark} …"`, async ({
    signedInPage: page,
  }) => {
    const name = `${mark} ${unique('Store')}`;
    const w = await seedWarehouse(page.request, { name });

    await page.goto('/dashboard');
    const card = page.getByRole('article', { name });
    await card.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/warehouse/${w.slug}`);

    await page.goto('/dashboard');
    await page.getByRole('article', { name }).getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
}

test('a bare % typed into the address bar leaves the app running', async ({
  signedInPage: page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/warehouse/100%-storage');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(errors).toEqual([]);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
