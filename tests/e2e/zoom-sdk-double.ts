// A test double of Zoom's Web Meeting SDK for the browser stories. The meeting page's real loading
// code runs: its requests for the SDK's scripts (under /zoom-sdk/) are answered here by Playwright
// request routing. The vendor scripts record their load order; the SDK bundle defines a ZoomMtg that
// records every call and can fail init or join, or report a meeting status, on demand.
import type { BrowserContext, Page } from '@playwright/test';

export interface ZoomDoubleBehaviour {
  /** Passed to init's error callback instead of calling success. */
  initError?: unknown;
  /** Passed to join's error callback instead of calling success. */
  joinError?: unknown;
  /** Answer this script with 404, as if it could not be loaded. */
  missingScript?: string;
  /** The SDK bundle loads but defines no ZoomMtg. */
  noZoomMtg?: boolean;
}

export interface ZoomCall {
  name: string;
  args: unknown;
}

const vendorScript = (file: string) =>
  `(window.__zoomScripts = window.__zoomScripts || []).push(${JSON.stringify(file)});`;

const sdkBundle = (behaviour: ZoomDoubleBehaviour) => `
(() => {
  const behaviour = ${JSON.stringify(behaviour)};
  const calls = (window.__zoomCalls = []);
  const record = (name, args) => calls.push({ name, args: args === undefined ? null : args });
  const data = (options) => Object.fromEntries(
    Object.entries(options).filter(([, value]) => typeof value !== 'function'),
  );
  let statusListener;
  (window.__zoomScripts = window.__zoomScripts || []).push('sdk');
  window.__zoomStatus = (status) => statusListener && statusListener({ meetingStatus: status });
  window.ZoomMtg = {
    setZoomJSLib: (path, dir) => record('setZoomJSLib', [path, dir]),
    preLoadWasm: () => record('preLoadWasm'),
    prepareWebSDK: () => record('prepareWebSDK'),
    i18n: { load: (lang) => { record('i18n.load', lang); return Promise.resolve(); } },
    init: (options) => {
      record('init', data(options));
      setTimeout(() => behaviour.initError !== undefined
        ? options.error(behaviour.initError) : options.success({}), 10);
    },
    join: (options) => {
      record('join', data(options));
      setTimeout(() => behaviour.joinError !== undefined
        ? options.error(behaviour.joinError) : options.success({}), 10);
    },
    inMeetingServiceListener: (event, callback) => {
      record('inMeetingServiceListener', event);
      if (event === 'onMeetingStatus') statusListener = callback;
    },
    leaveMeeting: () => record('leaveMeeting'),
  };
})();`;

/** Routes the SDK's script requests of a page or a whole context (popups included) to the double. */
export async function installZoomDouble(
  target: Page | BrowserContext,
  behaviour: ZoomDoubleBehaviour = {},
) {
  await target.route('**/zoom-sdk/**', async (route) => {
    const url = new URL(route.request().url());
    const file = url.pathname.split('/').pop()!;
    if (behaviour.missingScript && url.pathname.endsWith(behaviour.missingScript)) {
      await route.fulfill({ status: 404, body: 'not found' });
      return;
    }
    const isSdk = /^zoom-meeting-.*\.min\.js$/.test(file);
    const body = isSdk ? (behaviour.noZoomMtg ? '' : sdkBundle(behaviour)) : vendorScript(file);
    await route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
}

export const zoomCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __zoomCalls?: ZoomCall[] }).__zoomCalls ?? []);
export const loadedZoomScripts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __zoomScripts?: string[] }).__zoomScripts ?? []);
export const reportMeetingStatus = (page: Page, status: number) =>
  page.evaluate(
    (value) => (window as unknown as { __zoomStatus(s: number): void }).__zoomStatus(value),
    status,
  );
