// The Zoom connection check of the Zoom accounts page (admin): tries each part of the set-up in
// turn and says, by a code whose text an administrator can act on, which part fails and why. Nothing here
// changes anything, on our side or Zoom's.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ConnectionCheckCode,
  type ConnectionCheckDto,
  connectionCheckSchema,
} from '#common/providers/zoom/contracts.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { publicOrigin } from '#server/lib/public-origin.ts';
import { meetingSignature } from './sdk-signature.ts';
import { ZOOM_SDK_ROUTE_PREFIX } from './web-sdk.ts';
import { ZoomError } from './zoom-client.ts';
import { zoomConnectionOf } from './zoom-connection.ts';
import { zoomOf } from './zoom-provider.ts';

type Step = ConnectionCheckDto['steps'][number];
type StepKey = Step['key'];

const stepOf = (
  key: StepKey,
  status: Step['status'],
  code: ConnectionCheckCode,
  params?: Record<string, string>,
): Step => ({ key, status, code, ...(params ? { params } : {}) });

/** What went wrong talking to Zoom, as Zoom or the network said it (a value in a text). */
function describeZoomError(error: unknown): string {
  if (error instanceof ZoomError) {
    const code = error.zoomCode === undefined ? '' : ` #${error.zoomCode}`;
    return `HTTP ${error.status}${code}: ${error.message}`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

async function checkOauth(ctx: AppContext): Promise<Step & { scopes?: string[] }> {
  const zoom = zoomOf(ctx)?.client;
  if (!zoom) return stepOf('oauth', 'failed', 'ZOOM_CHECK_OAUTH_MISSING');
  try {
    const scopes = await zoom.checkCredentials();
    return { ...stepOf('oauth', 'ok', 'ZOOM_CHECK_OAUTH_OK'), scopes };
  } catch (error) {
    const refused = error instanceof ZoomError && error.status < 500;
    return refused
      ? stepOf('oauth', 'failed', 'ZOOM_CHECK_OAUTH_REFUSED', { error: describeZoomError(error) })
      : stepOf('oauth', 'failed', 'ZOOM_CHECK_OAUTH_UNREACHABLE', {
          url: ctx.config.providers.zoom.oauthUrl,
          error: describeZoomError(error),
        });
  }
}

async function checkUsers(ctx: AppContext, oauth: Step): Promise<Step> {
  const zoom = zoomOf(ctx)?.client;
  if (!zoom || oauth.status !== 'ok') return stepOf('users', 'skipped', 'ZOOM_CHECK_SKIPPED');
  try {
    const users = await zoom.listUsers();
    return users.length > 0
      ? stepOf('users', 'ok', 'ZOOM_CHECK_USERS_OK', { count: String(users.length) })
      : stepOf('users', 'warning', 'ZOOM_CHECK_USERS_NONE');
  } catch (error) {
    return stepOf('users', 'failed', 'ZOOM_CHECK_USERS_FAILED', {
      error: describeZoomError(error),
    });
  }
}

function checkSdk(ctx: AppContext): Step {
  const sdk = zoomConnectionOf(ctx)?.settings().sdk;
  if (!sdk) return stepOf('sdk', 'failed', 'ZOOM_CHECK_SDK_MISSING');
  // Sign as for a lesson, then check the signature against the secret as Zoom would.
  const token = meetingSignature(sdk, '1000000000', 0, ctx.clock.now());
  const [header, payload, signature] = token.split('.');
  const valid =
    createHmac('sha256', sdk.secret).update(`${header}.${payload}`).digest('base64url') ===
    signature;
  return valid
    ? stepOf('sdk', 'ok', 'ZOOM_CHECK_SDK_OK')
    : stepOf('sdk', 'failed', 'ZOOM_CHECK_SDK_FAILED');
}

function checkWebhook(ctx: AppContext, origin: string): Step {
  if (!zoomConnectionOf(ctx)?.settings().webhookSecret)
    return stepOf('webhook', 'warning', 'ZOOM_CHECK_WEBHOOK_MISSING');
  return stepOf('webhook', 'ok', 'ZOOM_CHECK_WEBHOOK_OK', { url: `${origin}/api/zoom/webhook` });
}

async function checkWebSdkFiles(ctx: AppContext): Promise<Step> {
  const source = ctx.config.providers.zoom.webSdk;
  const version = source.version;
  if (source.localDistDir) {
    const base = `${ZOOM_SDK_ROUTE_PREFIX}/${version}/`;
    const files = [
      ...source.scripts.map((url) => url.slice(base.length)),
      'lib/av/js_media.min.js',
    ];
    const missing = files.filter(
      (file) => !fs.existsSync(path.join(source.localDistDir!, ...file.split('/'))),
    );
    return missing.length === 0
      ? stepOf('webSdk', 'ok', 'ZOOM_CHECK_WEB_SDK_LOCAL', { version, url: base })
      : stepOf('webSdk', 'failed', 'ZOOM_CHECK_WEB_SDK_INCOMPLETE', {
          version,
          files: missing.join(', '),
        });
  }
  // Loaded from Zoom's CDN or a mirror: try the SDK bundle as a browser would.
  const main = source.scripts.at(-1)!;
  try {
    const response = await fetch(main, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
    return response.ok
      ? stepOf('webSdk', 'ok', 'ZOOM_CHECK_WEB_SDK_OK', { version, url: main })
      : stepOf('webSdk', 'failed', 'ZOOM_CHECK_WEB_SDK_HTTP', {
          url: main,
          status: String(response.status),
        });
  } catch (error) {
    return stepOf('webSdk', 'failed', 'ZOOM_CHECK_WEB_SDK_UNREACHABLE', {
      url: main,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Scopes only some features need, each a group of names any one of which will do (the classic
 * name, or Zoom's granular ones): https://developers.zoom.us/docs/integrations/oauth-scopes-granular/
 */
const REPORT_SCOPES = ['report:read:list_meeting_participants:admin', 'report:read:admin'];
const RECORDING_READ_SCOPES = [
  'cloud_recording:read:list_recording_files:admin',
  'cloud_recording:read:recording:admin',
  'cloud_recording:read:admin',
  'recording:read:admin',
];
const RECORDING_DELETE_SCOPES = [
  'cloud_recording:delete:recording_file:admin',
  'cloud_recording:delete:meeting_recording:admin',
  'cloud_recording:write:admin',
  'recording:write:admin',
];

/** Whether the token carries the scopes of a feature; a missing one is a warning only. */
function checkScopes(
  oauth: Step & { scopes?: string[] },
  key: 'reports' | 'recordings',
  groups: string[][],
): Step {
  if (oauth.status !== 'ok') return stepOf(key, 'skipped', 'ZOOM_CHECK_SKIPPED');
  if (!oauth.scopes) return stepOf(key, 'warning', 'ZOOM_CHECK_SCOPES_UNKNOWN');
  const granted = new Set(oauth.scopes);
  const found = groups.map((group) => group.find((scope) => granted.has(scope)));
  const missing = groups.filter((_, i) => !found[i]).map((group) => group[0]!);
  const [ok, lacking] =
    key === 'reports'
      ? (['ZOOM_CHECK_REPORT_SCOPE_OK', 'ZOOM_CHECK_REPORT_SCOPE_MISSING'] as const)
      : (['ZOOM_CHECK_RECORDING_SCOPES_OK', 'ZOOM_CHECK_RECORDING_SCOPES_MISSING'] as const);
  return missing.length === 0
    ? stepOf(key, 'ok', ok, { scope: found.join(', ') })
    : stepOf(key, 'warning', lacking, { missing: missing.join(', ') });
}

/** The address this server is reached at, for the webhook URL Zoom is given. */
export const publicOriginOf = (ctx: AppContext): string => publicOrigin(ctx);

/** Every part of the set-up in turn, with the settings in force now (Settings → Zoom saves too). */
export async function runConnectionCheck(
  ctx: AppContext,
  origin: string,
): Promise<ConnectionCheckDto> {
  const oauth = await checkOauth(ctx);
  const { scopes: _scopes, ...oauthStep } = oauth;
  const steps: Step[] = [
    oauthStep,
    await checkUsers(ctx, oauth),
    checkSdk(ctx),
    checkWebhook(ctx, origin),
    await checkWebSdkFiles(ctx),
    checkScopes(oauth, 'reports', [REPORT_SCOPES]),
    checkScopes(oauth, 'recordings', [RECORDING_READ_SCOPES, RECORDING_DELETE_SCOPES]),
  ];
  return { ok: steps.every((s) => s.status === 'ok' || s.status === 'warning'), steps };
}

export const zoomConnectionCheckRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/zoom/connection-check',
      {
        schema: {
          tags: ['zoom'],
          summary:
            "Try each part of the Zoom set-up (OAuth, users, SDK signing, webhook secret, SDK files, the report's and recordings' scopes) and say which fails (admin)",
          response: { 200: connectionCheckSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        return runConnectionCheck(ctx, publicOriginOf(ctx));
      },
    );
  };
