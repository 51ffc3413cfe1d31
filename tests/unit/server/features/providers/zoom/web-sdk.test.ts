import { expect, test } from 'vitest';
import { meetingPageCsp, resolveWebSdkSource } from '#server/features/providers/zoom/web-sdk.ts';

const installed = { version: '6.2.0', distDir: '/pkg/dist' };

test('the installed version is served by us', () => {
  const source = resolveWebSdkSource({ installed });
  expect(source).toMatchObject({
    version: '6.2.0',
    libUrl: '/zoom-sdk/6.2.0/lib',
    localDistDir: '/pkg/dist',
  });
  expect(source.externalOrigin).toBeUndefined();
  expect(source.scripts.at(-1)).toBe('/zoom-sdk/6.2.0/zoom-meeting-6.2.0.min.js');
  expect(meetingPageCsp(source)).not.toContain('source.zoom.us');
});

test("another version comes from Zoom's CDN: the five scripts of 4.0.5, as the original loaded them", () => {
  const source = resolveWebSdkSource({ version: '4.0.5', installed });
  expect(source.scripts).toEqual([
    'https://source.zoom.us/4.0.5/lib/vendor/react.min.js',
    'https://source.zoom.us/4.0.5/lib/vendor/react-dom.min.js',
    'https://source.zoom.us/4.0.5/lib/vendor/redux.min.js',
    'https://source.zoom.us/4.0.5/lib/vendor/redux-thunk.min.js',
    'https://source.zoom.us/zoom-meeting-4.0.5.min.js',
  ]);
  expect(source.libUrl).toBe('https://source.zoom.us/4.0.5/lib');
  expect(source.localDistDir).toBeUndefined();
  expect(meetingPageCsp(source)).toMatch(/script-src [^;]*https:\/\/source\.zoom\.us/);
  // From 6.0.2 react-redux joins the vendor scripts.
  expect(resolveWebSdkSource({ version: '6.0.2' }).scripts).toContain(
    'https://source.zoom.us/6.0.2/lib/vendor/react-redux.min.js',
  );
  expect(resolveWebSdkSource({ version: '6.0.0' }).scripts).not.toContain(
    'https://source.zoom.us/6.0.0/lib/vendor/react-redux.min.js',
  );
});

test('ZOOM_SDK_ASSET_URL points at a mirror of dist/, whose origin the policy allows', () => {
  const source = resolveWebSdkSource({
    version: '6.2.0',
    assetUrl: 'https://cdn.center.vn/zoom/6.2.0/',
    installed,
  });
  expect(source.libUrl).toBe('https://cdn.center.vn/zoom/6.2.0/lib');
  expect(source.scripts.at(-1)).toBe('https://cdn.center.vn/zoom/6.2.0/zoom-meeting-6.2.0.min.js');
  expect(source.localDistDir).toBeUndefined();
  expect(meetingPageCsp(source)).toContain("worker-src 'self' blob: https://cdn.center.vn");
});
