// How the browser tests start Debian's Chromium (Playwright's own download cannot work here): the
// path, and the flags this closed network needs. playwright.config.ts and stories that launch a
// browser of their own use the same.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};
