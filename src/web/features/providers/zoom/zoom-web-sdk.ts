// Loads Zoom's Web Meeting SDK (Client View) and joins a meeting with it (docs/zoom.md, product.md
// §2 Meeting page and §8 meeting-page errors). The SDK is not bundled: its classic scripts (React 18
// and Redux UMD copies, then the SDK, which defines window.ZoomMtg) are added to the page one after
// another from where GET /api/zoom/web-sdk says, normally this server.
import { MEETING } from '#common/constants.ts';
import type { WebSdkSourceDto } from '#common/providers/zoom/contracts.ts';
import type { MeetingParams } from './meeting-params.ts';

type Callbacks = { success?: (result?: unknown) => void; error?: (error?: unknown) => void };

/** The part of window.ZoomMtg this page uses. */
export interface ZoomMtgClient {
  setZoomJSLib(path: string, dir: string): void;
  preLoadWasm(): void;
  prepareWebSDK(): void;
  i18n: { load(lang: string): unknown };
  init(
    args: {
      leaveUrl: string;
      patchJsMedia: boolean;
      disableCORP: boolean;
      isShowJoiningErrorDialog: boolean;
    } & Callbacks,
  ): void;
  join(
    args: {
      meetingNumber: string;
      userName: string;
      signature: string;
      passWord: string;
      userEmail: string;
      zak?: string;
      customerKey?: string;
    } & Callbacks,
  ): void;
  inMeetingServiceListener(event: 'onMeetingStatus', callback: (payload: unknown) => void): void;
  leaveMeeting(args: Callbacks): void;
}

/** An error the page shows on its 'Meeting Error' screen, worded as product.md §8 gives it. */
export class MeetingPageError extends Error {}

const scriptLoads = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let loading = scriptLoads.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      // Added one by one and awaited: each UMD file needs the globals of the ones before it.
      script.async = false;
      script.onload = () => resolve();
      script.onerror = () => {
        scriptLoads.delete(src);
        script.remove();
        reject(
          new MeetingPageError(
            `Failed to load Zoom WebSDK script: ${src}. Please check your internet connection.`,
          ),
        );
      };
      document.head.appendChild(script);
    });
    scriptLoads.set(src, loading);
  }
  return loading;
}

export async function loadZoomMtg(source: WebSdkSourceDto): Promise<ZoomMtgClient> {
  for (const src of source.scripts) await loadScript(src);
  const zoom = (window as { ZoomMtg?: ZoomMtgClient }).ZoomMtg;
  if (!zoom) throw new MeetingPageError('ZoomMtg not available');
  return zoom;
}

/** The reason an SDK callback gives, or 'Unknown error' (product.md §8). */
export function reasonOf(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object') {
    const fields = error as Record<string, unknown>;
    for (const key of ['errorMessage', 'reason', 'message', 'result']) {
      const value = fields[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return 'Unknown error';
}

/** onMeetingStatus reports {meetingStatus} in practice and {status} in the typings: read both. */
export function meetingStatusOf(payload: unknown): number | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const { meetingStatus, status } = payload as { meetingStatus?: unknown; status?: unknown };
  const value = meetingStatus ?? status;
  return typeof value === 'number' ? value : undefined;
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Where the SDK finds its media engine, as an absolute URL. The SDK resolves this path with
 * `new URL(path)` and no base (its script loader, the media engine's fetch cache, and workers
 * started from blobs, where nothing relative can resolve): a path like /zoom-sdk/6.2.0/lib makes
 * it log 'error load jsmedia' and skip starting the media engine, so audio and video never start.
 */
export function absoluteLibUrl(libUrl: string, origin = window.location.origin): string {
  return new URL(libUrl, origin).href;
}

/**
 * Initialises the SDK and joins: as host with the ZAK, or as participant with the customer key
 * that lets webhooks tell which student joined. Resolves once the join succeeded; rejects with a
 * MeetingPageError.
 */
export async function joinZoomMeeting(
  zoom: ZoomMtgClient,
  source: WebSdkSourceDto,
  params: MeetingParams,
  onStatus: (status: number) => void,
): Promise<void> {
  try {
    zoom.setZoomJSLib(absoluteLibUrl(source.libUrl), '/av');
    zoom.preLoadWasm();
    zoom.prepareWebSDK();
    zoom.i18n.load('en-US');
    await wait(MEETING.sdkInitDelayMs);
    await new Promise((resolve, reject) =>
      zoom.init({
        leaveUrl: `${window.location.origin}/dashboard`,
        // The media engine is the one pinned in the package we serve; true would fetch a newer
        // build from Zoom's servers at join time (docs/decisions/008).
        patchJsMedia: false,
        // Gallery view needs SharedArrayBuffer, so cross-origin isolation (the page's COOP and
        // COEP headers); where a browser cannot isolate the page, the SDK must not ask for it.
        disableCORP: !window.crossOriginIsolated,
        // A failed join is shown on our 'Meeting Error' screen, not in a dialog of the SDK's.
        isShowJoiningErrorDialog: false,
        success: resolve,
        error: (error) =>
          reject(new MeetingPageError(`Failed to initialize Zoom WebSDK: ${reasonOf(error)}`)),
      }),
    );
    zoom.inMeetingServiceListener('onMeetingStatus', (payload) => {
      const status = meetingStatusOf(payload);
      if (status !== undefined) onStatus(status);
    });
    await new Promise((resolve, reject) =>
      zoom.join({
        meetingNumber: params.meetingId,
        userName: params.userName,
        signature: params.signature,
        passWord: params.password,
        userEmail: params.userEmail,
        ...(params.role === MEETING.hostRole && params.zak ? { zak: params.zak } : {}),
        ...(params.customerKey ? { customerKey: params.customerKey } : {}),
        success: resolve,
        error: (error) =>
          reject(new MeetingPageError(`Failed to join meeting: ${reasonOf(error)}`)),
      }),
    );
  } catch (error) {
    if (error instanceof MeetingPageError) throw error;
    throw new MeetingPageError('Failed to initialize Zoom meeting');
  }
}
