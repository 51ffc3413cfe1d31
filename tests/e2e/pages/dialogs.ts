// Steps every feature's dialogs share: answering a confirmation, filling the add-account form, and
// reading the toast that reports the outcome.
import { expect, type Page } from '@playwright/test';

/** Answers the confirmation dialog titled `title` with its button `answer` (Xóa by default). */
export async function confirmIn(page: Page, title: string, answer = 'Xóa') {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  return dialog;
}

/** Opens the add dialog by its button (Thêm học viên, …), fills name and email, and sends it. */
export async function addAccount(page: Page, button: string, name: string, email: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByRole('textbox', { name: 'Họ và tên' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Tạo tài khoản' }).click();
  return dialog;
}

/** Waits for the toast that reports an outcome (its text, or a part of it). */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text)).toBeVisible();
}
