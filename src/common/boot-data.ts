// The data the server sends with the web app's HTML (src/server/plugins/web-boot.ts) and the
// browser reads once (src/web/lib/boot.ts). Apart from src/common/first-load.ts, whose table the
// browser does not need.

/** The id of the HTML's boot data (a JSON data block, never run as a script). */
export const BOOT_ELEMENT_ID = 'edu-boot';

/** How the server writes the answers it read for the page (the body is the API's own reply). */
export interface BootData {
  /** By the web app's api() path: the status and body of the GET the page would have made. */
  answers: Record<string, { status: number; body: unknown }>;
}
