import { expect, test } from '@playwright/test';

const MO = 1024 * 1024;

/**
 * Spec part 2 §8: 2 MB or less of storage left raises a persistent warning. Chromium's DevTools
 * quota override does not reach navigator.storage.estimate (tried: Storage.overrideQuotaForOrigin),
 * and filling gigabytes is not practical: the device's answer is the one thing replaced here.
 */
test('un quota de stockage presque plein affiche l’alerte persistante', async ({ page }) => {
  await page.addInitScript((quota) => {
    navigator.storage.estimate = () => Promise.resolve({ quota, usage: quota - 1024 * 1024 });
  }, 3 * MO);
  await page.goto('/mentions');

  const alerte = page.getByRole('alert').filter({ hasText: 'Stockage insuffisant' });
  await expect(alerte).toContainText("l'application a besoin d'au moins 4 Go libres");
  // 1 MB left of the 4 GB asked.
  await expect(alerte).toContainText('Il manque 4095 Mo');

  // Persistent: still there well after the 5 s of ordinary toasts.
  await page.waitForTimeout(6_000);
  await expect(alerte).toBeVisible();
});

test('avec de la place, aucune alerte de stockage', async ({ page }) => {
  await page.goto('/mentions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Stockage insuffisant')).toHaveCount(0);
});
