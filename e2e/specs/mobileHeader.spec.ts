import { expect, test } from '@playwright/test';
import { signIn } from '../support/signIn.ts';

// The frame of a page on a phone (390 x 844): the header and a portal's navigation fold behind
// their buttons, so that the page's content starts within the first screen; Escape closes an
// open menu and returns focus to its button.

test.use({ viewport: { width: 390, height: 844 } });

test('the agent portal shows its content in the upper third of a phone’s first screen', async ({
  page,
}) => {
  await page.goto('/vermittler/login?brand=hfk');
  await signIn(page, 'ole.petersen@hfk-petersen.example');
  await expect(page).toHaveURL(/\/vermittler\/$/);
  for (const path of ['/vermittler/', '/vermittler/kundenbestand']) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const box = await heading.boundingBox();
    // 503 px of header, navigation and trail before the heading when everything was unfolded.
    expect(box?.y, `${path}: the heading's top`).toBeLessThan(844 / 3);
  }
  // The portal's navigation is one button away.
  const portalNav = page.getByRole('navigation', { name: 'Vermittlerportal' });
  await expect(portalNav.getByRole('link', { name: 'Entwürfe' })).toBeHidden();
  await portalNav.getByRole('button', { name: 'Vermittlerportal' }).click();
  await expect(portalNav.getByRole('link', { name: 'Entwürfe' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(portalNav.getByRole('link', { name: 'Entwürfe' })).toBeHidden();
  await expect(portalNav.getByRole('button', { name: 'Vermittlerportal' })).toBeFocused();
});

test('the menu opens with its button and closes on Escape, focus back on the button', async ({
  page,
}) => {
  await page.goto('/?brand=s-direkt');
  const menu = page.getByRole('button', { name: 'Menü' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Hilfe & FAQ' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Hilfe & FAQ' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Hilfe & FAQ' })).toBeHidden();
  await expect(menu).toBeFocused();
});
