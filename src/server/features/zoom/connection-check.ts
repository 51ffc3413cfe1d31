// The Zoom connection check of the Zoom accounts page (admin): tries each part of the set-up in
// turn and says, in words an administrator can act on, which part fails and why. Nothing here
// changes anything, on our side or Zoom's.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ConnectionCheckDto, connectionCheckSchema } from '#common/zoom-accounts.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/guards.ts';
import { meetingSignature } from './sdk-signature.ts';
import { ZOOM_SDK_ROUTE_PREFIX } from './web-sdk.ts';
import { ZoomError } from './zoom-client.ts';

type Step = ConnectionCheckDto['steps'][number];

function describeZoomError(error: unknown): string {
  if (error instanceof ZoomError) {
    const code = error.zoomCode === undefined ? '' : `, mã ${error.zoomCode}`;
    return `Zoom trả lời HTTP ${error.status}${code}: ${error.message}`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  return `không kết nối được (${cause?.message ?? (error instanceof Error ? error.message : String(error))})`;
}

async function checkOauth(ctx: AppContext): Promise<Step> {
  const step = { key: 'oauth' as const };
  if (!ctx.zoom) {
    return {
      ...step,
      status: 'failed',
      detail:
        'Chưa đặt ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID và ZOOM_CLIENT_SECRET. Tạo ứng dụng Server-to-Server OAuth trên Zoom App Marketplace, kích hoạt nó, rồi chép ba giá trị vào cấu hình máy chủ và khởi động lại.',
    };
  }
  try {
    await ctx.zoom.checkCredentials();
    return {
      ...step,
      status: 'ok',
      detail: 'Zoom cấp access token cho ứng dụng Server-to-Server OAuth.',
    };
  } catch (error) {
    const refused = error instanceof ZoomError && error.status < 500;
    return {
      ...step,
      status: 'failed',
      detail: refused
        ? `Zoom từ chối đăng nhập (${describeZoomError(error)}). Kiểm tra ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET và ứng dụng đã được kích hoạt (Activate) chưa.`
        : `Không lấy được access token từ ${ctx.config.zoom.oauthUrl}: ${describeZoomError(error)}. Kiểm tra kết nối mạng của máy chủ tới Zoom (hoặc ZOOM_OAUTH_URL).`,
    };
  }
}

async function checkUsers(ctx: AppContext, oauth: Step): Promise<Step> {
  const step = { key: 'users' as const };
  if (!ctx.zoom || oauth.status !== 'ok') {
    return { ...step, status: 'skipped', detail: 'Bỏ qua: bước đăng nhập API chưa thành công.' };
  }
  try {
    const users = await ctx.zoom.listUsers();
    return {
      ...step,
      status: users.length > 0 ? 'ok' : 'warning',
      detail:
        users.length > 0
          ? `Đọc được ${users.length} người dùng Zoom đang hoạt động; thêm họ vào danh sách bằng SYNC.`
          : 'Tài khoản Zoom không có người dùng nào đang hoạt động để tổ chức buổi học.',
    };
  } catch (error) {
    return {
      ...step,
      status: 'failed',
      detail: `Không đọc được danh sách người dùng (${describeZoomError(error)}). Thêm các scope user:read:list_users:admin, user:read:token:admin, meeting:write:meeting:admin, meeting:read:meeting:admin, meeting:update:meeting:admin cho ứng dụng Server-to-Server OAuth.`,
    };
  }
}

function checkSdk(ctx: AppContext): Step {
  const step = { key: 'sdk' as const };
  const sdk = ctx.config.zoom.sdk;
  if (!sdk) {
    return {
      ...step,
      status: 'failed',
      detail:
        'Chưa đặt ZOOM_SDK_KEY và ZOOM_SDK_SECRET (Client ID và Client Secret của ứng dụng Meeting SDK): giáo viên và học viên không vào được phòng học.',
    };
  }
  // Sign as for a lesson, then check the signature against the secret as Zoom would.
  const token = meetingSignature(sdk, '1000000000', 0, ctx.clock.now());
  const [header, payload, signature] = token.split('.');
  const valid =
    createHmac('sha256', sdk.secret).update(`${header}.${payload}`).digest('base64url') ===
    signature;
  return valid
    ? {
        ...step,
        status: 'ok',
        detail:
          'Ký được chữ ký Meeting SDK (HS256). Zoom chỉ xác nhận chữ ký khi có người vào phòng: nếu lúc đó báo "Signature is invalid", kiểm tra lại hai giá trị này.',
      }
    : { ...step, status: 'failed', detail: 'Không ký được chữ ký Meeting SDK.' };
}

function checkWebhook(ctx: AppContext, origin: string): Step {
  const step = { key: 'webhook' as const };
  if (!ctx.config.zoom.webhookSecret) {
    return {
      ...step,
      status: 'warning',
      detail:
        'Chưa đặt ZOOM_WEBHOOK_SECRET_TOKEN: buổi học vẫn kết thúc sau giờ học (máy chủ hỏi Zoom), nhưng không ghi nhận học viên vào, ra phòng.',
    };
  }
  return {
    ...step,
    status: 'ok',
    detail: `Đã đặt secret token. Trong Event Subscription của ứng dụng, địa chỉ nhận sự kiện là ${origin}/api/zoom/webhook, với các sự kiện meeting.started, meeting.ended, meeting.participant_joined và meeting.participant_left.`,
  };
}

async function checkWebSdkFiles(ctx: AppContext): Promise<Step> {
  const step = { key: 'webSdk' as const };
  const source = ctx.config.zoom.webSdk;
  if (source.localDistDir) {
    const base = `${ZOOM_SDK_ROUTE_PREFIX}/${source.version}/`;
    const files = [
      ...source.scripts.map((url) => url.slice(base.length)),
      'lib/av/js_media.min.js',
    ];
    const missing = files.filter(
      (file) => !fs.existsSync(path.join(source.localDistDir!, ...file.split('/'))),
    );
    return missing.length === 0
      ? {
          ...step,
          status: 'ok',
          detail: `Web Meeting SDK ${source.version} được máy chủ này phục vụ tại ${base}.`,
        }
      : {
          ...step,
          status: 'failed',
          detail: `Gói @zoom/meetingsdk ${source.version} thiếu ${missing.join(', ')}: chạy lại npm install.`,
        };
  }
  // Loaded from Zoom's CDN or a mirror: try the SDK bundle as a browser would.
  const main = source.scripts.at(-1)!;
  try {
    const response = await fetch(main, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
    if (response.ok) {
      return {
        ...step,
        status: 'ok',
        detail: `Web Meeting SDK ${source.version} tải được từ ${main}.`,
      };
    }
    return {
      ...step,
      status: 'failed',
      detail: `${main} trả lời HTTP ${response.status}: kiểm tra ZOOM_SDK_VERSION và ZOOM_SDK_ASSET_URL.`,
    };
  } catch (error) {
    return {
      ...step,
      status: 'failed',
      detail: `Không tải được ${main} (${error instanceof Error ? error.message : String(error)}): kiểm tra ZOOM_SDK_ASSET_URL hoặc dùng bản có sẵn trong gói (bỏ ZOOM_SDK_VERSION).`,
    };
  }
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
            'Try each part of the Zoom set-up (OAuth, users, SDK signing, webhook secret, SDK files) and say which fails (admin)',
          response: { 200: connectionCheckSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        const origin = ctx.config.publicOrigin ?? `${request.protocol}://${request.host}`;
        const oauth = await checkOauth(ctx);
        const steps: Step[] = [
          oauth,
          await checkUsers(ctx, oauth),
          checkSdk(ctx),
          checkWebhook(ctx, origin),
          await checkWebSdkFiles(ctx),
        ];
        return { ok: steps.every((s) => s.status === 'ok' || s.status === 'warning'), steps };
      },
    );
  };
