import { expect, test } from './fixtures.ts';
import { installZoomDouble, type ZoomDoubleBehaviour, zoomCalls } from './zoom-sdk-double.ts';

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
  // The SDK double: this story is about the page's own overlay and address, and the real SDK's
  // timers (decoding this made-up signature) would run under the test's fake clock.
  await installZoomDouble(page);
  await page.clock.install();
  await signIn(page, await app.account('teacher'));
  await page.goto(
    '/meeting?meetingId=98765432101&signature=short.lived.token&userName=Th%E1%BA%A7y%20An&userEmail=an%40x.vn&role=1&scheduleId=sch-1&zoomAccountId=acc-1',
  );
  const overlay = page.getByRole('status', { name: 'Joining meeting' });
  await expect(overlay).toBeVisible();
  // The installed clock also runs in real time: stop it as soon as the overlay is up, so a slow
  // machine's seconds between here and the checks below do not count against the 5 s.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
  await expect(overlay).toContainText('Meeting ID: 98765432101');
  await expect(overlay).toContainText('User: Thầy An');
  await expect(overlay).toContainText('Role: Host (Teacher)');
  await expect(overlay).toContainText('Schedule ID: sch-1');
  expect(page.url()).not.toContain('signature');
  expect(page.url()).toContain('meetingId=98765432101');
  // The close button shows only outside full screen.
  await page.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
  await expect(page.getByRole('button', { name: 'Close meeting' })).toBeVisible();
  // Up to a second may have passed between the overlay showing and the pause.
  await page.clock.runFor(3_500);
  await expect(overlay).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(overlay).toHaveCount(0);
});

test('a participant is shown as such', async ({ page, app, signIn }) => {
  await signIn(page, await app.account('student'));
  await page.goto('/meeting?meetingId=1&signature=s&userName=Tr%C3%B2&userEmail=t%40x.vn&role=0');
  await expect(page.getByRole('status', { name: 'Joining meeting' })).toContainText(
    'Role: Participant (Student)',
  );
});

const PARTICIPANT_URL =
  '/meeting?meetingId=555&signature=s&userName=Tr%C3%B2&userEmail=t%40x.vn&role=0';

test.describe('the Meeting Error screen shows every failure of §8, with Close Window', () => {
  const cases: { name: string; behaviour: ZoomDoubleBehaviour; message: string | RegExp }[] = [
    {
      name: 'a script that cannot be loaded',
      behaviour: { missingScript: 'redux.min.js' },
      message:
        /^Failed to load Zoom WebSDK script: \/zoom-sdk\/[\d.]+\/lib\/vendor\/redux\.min\.js\. Please check your internet connection\.$/,
    },
    {
      name: 'an SDK bundle without ZoomMtg',
      behaviour: { noZoomMtg: true },
      message: 'ZoomMtg not available',
    },
    {
      name: 'init refused with a reason',
      behaviour: { initError: { errorMessage: 'Browser not supported', errorCode: 1 } },
      message: 'Failed to initialize Zoom WebSDK: Browser not supported',
    },
    {
      name: 'init refused without a reason',
      behaviour: { initError: {} },
      message: 'Failed to initialize Zoom WebSDK: Unknown error',
    },
    {
      name: 'join refused',
      behaviour: { joinError: { errorMessage: 'Signature is invalid.', errorCode: 3712 } },
      message: 'Failed to join meeting: Signature is invalid.',
    },
  ];
  for (const { name, behaviour, message } of cases) {
    test(name, async ({ page, app, signIn }) => {
      await installZoomDouble(page, behaviour);
      await signIn(page, await app.account('student'));
      await page.goto(PARTICIPANT_URL);
      await expect(page.getByRole('heading', { name: 'Meeting Error' })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close Window' })).toBeVisible();
    });
  }
});

test('a participant joins with no ZAK, and keys in the address are not read; the meeting page has its own policy', async ({
  page,
  app,
  signIn,
}) => {
  await installZoomDouble(page);
  await signIn(page, await app.account('student'));
  // A ZAK or customer key put in the address is ignored: the page fetches its keys, for a lesson.
  const response = await page.goto(`${PARTICIPANT_URL}&zak=z&customerKey=k`);
  expect(response?.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
  await expect.poll(async () => (await zoomCalls(page)).some((c) => c.name === 'join')).toBe(true);
  const join = (await zoomCalls(page)).find((c) => c.name === 'join')!.args;
  expect(join).toMatchObject({ meetingNumber: '555', passWord: '' });
  expect(join).not.toHaveProperty('zak');
  expect(join).not.toHaveProperty('customerKey');
  // Leaving the page leaves the meeting.
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  expect((await zoomCalls(page)).map((c) => c.name)).toContain('leaveMeeting');
});

test("the real SDK loads from this server under the page's policy and reports a failed join", async ({
  page,
  app,
  signIn,
}) => {
  // No double: the @zoom/meetingsdk package's own files. Zoom cannot be reached from the test
  // machine (nor are these credentials real), so the join fails, on the Meeting Error screen.
  test.setTimeout(90_000);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { __violations?: string[] };
      w.__violations = [
        ...(w.__violations ?? []),
        `${event.violatedDirective} ${event.blockedURI}`,
      ];
    });
  });
  await signIn(page, await app.account('student'));
  const jwt = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signature = `${jwt({ alg: 'HS256', typ: 'JWT' })}.${jwt({ sdkKey: 'k', appKey: 'k', mn: '555', role: 0, iat: 1, exp: 2 })}.c2ln`;
  await page.goto(PARTICIPANT_URL.replace('signature=s', `signature=${signature}`));
  await expect(page.getByRole('heading', { name: 'Meeting Error' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(/^Failed to join meeting: /)).toBeVisible();
  expect(await page.evaluate(() => typeof (window as { ZoomMtg?: unknown }).ZoomMtg)).toBe(
    'object',
  );
  expect(
    await page.evaluate(
      () => (window as unknown as { __violations?: string[] }).__violations ?? [],
    ),
  ).toEqual([]);
  // Scripts, WebAssembly, languages and styles came from this server, not Zoom's CDN.
  const sdkFiles = requests.filter((url) => url.includes('/zoom-sdk/'));
  expect(sdkFiles.some((url) => url.endsWith('.wasm'))).toBe(true);
  expect(sdkFiles.some((url) => url.endsWith('/lang/en-US.json'))).toBe(true);
  expect(requests.filter((url) => url.includes('source.zoom.us'))).toEqual([]);
});
