// Choosing where lessons are held in a form (the class form, the add-lesson and series dialogs):
// the venue, and the room for a lesson in a room (docs/decisions/019-rooms-and-links.md).
import type { Locator, Page } from '@playwright/test';

/** Picks `venue` ('Phòng học', 'Đường dẫn trực tuyến', 'Zoom') in the form's venue field. */
export async function chooseVenue(page: Page, form: Locator, venue: string, label = /Địa điểm/) {
  await form.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: venue, exact: true }).click();
}

/** Picks a room by typing part of its name, as a user finds it in the list. */
export async function chooseRoom(page: Page, form: Locator, room: string) {
  const picker = form.getByRole('combobox', { name: 'Phòng' });
  await picker.click();
  await picker.fill(room);
  await page.getByRole('option', { name: room }).click();
}

/** A class held on its link: the venue and the address. */
export async function holdOnLink(page: Page, form: Locator, link: string) {
  await chooseVenue(page, form, 'Đường dẫn trực tuyến');
  await form.getByRole('textbox', { name: 'Đường dẫn phòng họp trực tuyến' }).fill(link);
}
