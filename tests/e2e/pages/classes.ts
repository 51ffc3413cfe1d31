// A class's dialog as a user reaches it: from a card or row of the page they are on, on one tab.
import type { Page } from '@playwright/test';

export type ClassTab = 'Tổng Quan' | 'Học Viên' | 'Lịch Học' | 'Điểm danh';

/** The class details dialog (titled with the class's name), whichever class it shows. */
export const classDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Tổng Quan' }) });

/** Clicks the class's card or row and returns its dialog, switched to `tab` when given. */
export async function openClass(page: Page, className: string | RegExp, tab?: ClassTab) {
  await page.getByRole('button', { name: className }).click();
  const dialog = classDialog(page);
  if (tab) await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}
