// Where the meeting page loads Zoom's Web Meeting SDK (Client View) from, and the Content Security
// Policy that lets it run (docs/zoom.md "Web Meeting SDK", "Installing the Web SDK next to
// React 19"; docs/decisions/006).
//
// The SDK runs on the UMD copies of React 18 and Redux in its package's dist/lib/vendor, loaded as
// classic scripts before its own bundle: our React 19 bundle never imports it. By default the files
// come from the `@zoom/meetingsdk` package installed here, served by this server under
// /zoom-sdk/{version}/ (dist/ as it is: setZoomJSLib('{base}/lib') makes the SDK look for its UI
// chunks in '{base}/ui', which is where the package keeps them). A different version than the
// installed one is loaded from Zoom's CDN, and ZOOM_SDK_ASSET_URL points at any mirror of dist/.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const ZOOM_SDK_ROUTE_PREFIX = '/zoom-sdk';
const ZOOM_CDN = 'https://source.zoom.us';

/** The `@zoom/meetingsdk` package shipped with the app, or undefined when it is not installed. */
export function installedWebSdk(): { version: string; distDir: string } | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('@zoom/meetingsdk/package.json');
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
    const distDir = path.join(path.dirname(manifest), 'dist');
    return fs.existsSync(path.join(distDir, `zoom-meeting-${version}.min.js`))
      ? { version, distDir }
      : undefined;
  } catch {
    return undefined;
  }
}

export interface WebSdkSource {
  version: string;
  /** Passed to ZoomMtg.setZoomJSLib(libUrl, '/av'). */
  libUrl: string;
  /** Classic scripts to load in this order; the last one defines window.ZoomMtg. */
  scripts: string[];
  /** The installed package's dist/ when this server serves the files itself. */
  localDistDir?: string;
  /** Origin the files come from when it is not ours (allowed by the meeting page's CSP). */
  externalOrigin?: string;
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) {
    const diff = (x![i] ?? 0) - (y![i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The vendor scripts the Client View of a given version expects, in load order. */
export function vendorScripts(version: string): string[] {
  const scripts = ['react', 'react-dom', 'redux', 'redux-thunk'];
  // From 6.0.2 the Client View also needs react-redux (Zoom’s release notes); lodash is in the 6.x vendor set.
  if (compareVersions(version, '6.0.2') >= 0) scripts.push('react-redux', 'lodash');
  return scripts.map((name) => `lib/vendor/${name}.min.js`);
}

export function resolveWebSdkSource(options: {
  version?: string;
  assetUrl?: string;
  installed?: { version: string; distDir: string };
}): WebSdkSource {
  const { installed } = options;
  const version = options.version ?? installed?.version ?? '4.0.5';
  const vendor = vendorScripts(version);
  const main = `zoom-meeting-${version}.min.js`;
  if (options.assetUrl) {
    // A mirror of the package's dist/ (for example a center's own CDN).
    const base = options.assetUrl.replace(/\/$/, '');
    return {
      version,
      libUrl: `${base}/lib`,
      scripts: [...vendor, main].map((file) => `${base}/${file}`),
      externalOrigin: new URL(base).origin,
    };
  }
  if (installed && installed.version === version) {
    const base = `${ZOOM_SDK_ROUTE_PREFIX}/${version}`;
    return {
      version,
      libUrl: `${base}/lib`,
      scripts: [...vendor, main].map((file) => `${base}/${file}`),
      localDistDir: installed.distDir,
    };
  }
  // Zoom's CDN keeps the vendor files under the version and the SDK bundle at its root.
  return {
    version,
    libUrl: `${ZOOM_CDN}/${version}/lib`,
    scripts: [...vendor.map((file) => `${ZOOM_CDN}/${version}/${file}`), `${ZOOM_CDN}/${main}`],
    externalOrigin: ZOOM_CDN,
  };
}

/**
 * Headers that make /meeting cross-origin isolated (`crossOriginIsolated === true`), so the SDK
 * gets SharedArrayBuffer for gallery view and 720p video. require-corp as Zoom documents it:
 * every file the page loads is ours (same origin) or allowed by CORS; the SDK's workers are
 * served with the same embedder policy (web-sdk-routes.ts). Safari has no `credentialless`, so
 * require-corp is the value every current browser isolates with (docs/decisions/008).
 */
export const MEETING_PAGE_ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
} as const;

/**
 * The meeting page's policy: the SDK compiles WebAssembly, evaluates code, starts workers from
 * blobs and talks to Zoom's servers over HTTPS and WebSockets. Every other page keeps the strict
 * policy of app.ts.
 */
export function meetingPageCsp(source: WebSdkSource): string {
  const external = source.externalOrigin ? ` ${source.externalOrigin}` : '';
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' blob:${external}`,
    `worker-src 'self' blob:${external}`,
    `style-src 'self' 'unsafe-inline'${external}`,
    `font-src 'self' data:${external}`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    `connect-src 'self' https://zoom.us https://*.zoom.us wss://*.zoom.us${external}`,
    "frame-src 'self' https://zoom.us https://*.zoom.us",
  ].join('; ');
}
