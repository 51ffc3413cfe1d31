import { expect, test } from './fixtures.ts';

test('missing parameters show the Invalid Meeting Parameters screen', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('teacher'));
  await page.goto('/meeting?meetingId=123&userName=An');
  await expect(page.getByRole('heading', { name: 'Invalid Meeting Parameters' })).toBeVisible();
  await expect(
    page.getByText(
      'Missing required meeting parameters. Please start the meeting again from the dashboard.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
});

test('the meeting page shows the joining overlay for 5 s and drops the signature from the address', async ({
  page,
  app,
  signIn,
}) => {
  await page.clock.install();
  await signIn(page, await app.account('teacher'));
  await page.goto(
    '/meeting?meetingId=98765432101&signature=short.lived.token&userName=Th%E1%BA%A7y%20An&userEmail=an%40x.vn&role=1&scheduleId=sch-1&zoomAccountId=acc-1',
  );
  const overlay = page.getByRole('status', { name: 'Joining meeting' });
  await expect(overlay).toContainText('Meeting ID: 98765432101');
  await expect(overlay).toContainText('User: Thầy An');
  await expect(overlay).toContainText('Role: Host (Teacher)');
  await expect(overlay).toContainText('Schedule ID: sch-1');
  expect(page.url()).not.toContain('signature');
  expect(page.url()).toContain('meetingId=98765432101');
  // The close button shows only outside full screen.
  await page.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
  await expect(page.getByRole('button', { name: 'Close meeting' })).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(overlay).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(overlay).toHaveCount(0);
});

test('a participant is shown as such', async ({ page, app, signIn }) => {
  await signIn(page, await app.account('student'));
  await page.goto('/meeting?meetingId=1&signature=s&userName=Tr%C3%B2&userEmail=t%40x.vn&role=0');
  await expect(page.getByRole('status', { name: 'Joining meeting' })).toContainText(
    'Role: Participant (Student)',
  );
});
