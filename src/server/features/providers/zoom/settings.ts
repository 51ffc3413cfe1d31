// Zoom's part of the configuration (docs/zoom.md), read from the environment by config.ts at
// start-up with the rest. The credentials may instead be set in the app (Settings → Zoom, kept
// sealed in the database, docs/decisions/024); a field the environment sets wins over the app's.
// Without the Server-to-Server OAuth trio the app runs, the provider is not registered, and the
// Zoom features say that Zoom is not connected.
import { z } from 'zod';
import {
  ZOOM_CREDENTIAL_FIELDS,
  ZOOM_CREDENTIAL_VARIABLES,
  type ZoomCredentialField,
} from '#common/providers/zoom/contracts.ts';
import { installedWebSdk, resolveWebSdkSource } from './web-sdk.ts';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const zoomEnv = z
  .object({
    ZOOM_ACCOUNT_ID: optionalText,
    ZOOM_CLIENT_ID: optionalText,
    ZOOM_CLIENT_SECRET: optionalText,
    ZOOM_SDK_KEY: optionalText,
    ZOOM_SDK_SECRET: optionalText,
    ZOOM_WEBHOOK_SECRET_TOKEN: optionalText,
    ZOOM_API_URL: z.url().optional().default('https://api.zoom.us/v2'),
    ZOOM_OAUTH_URL: z.url().optional().default('https://zoom.us/oauth/token'),
    // Unset: the version of the @zoom/meetingsdk package shipped with the app, served by us.
    ZOOM_SDK_VERSION: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, 'must be a version such as 6.2.0')
      .optional(),
    // A mirror of the package's dist/ to load the SDK from instead (CSP allows its origin).
    ZOOM_SDK_ASSET_URL: optionalText.refine(
      (url) => url === undefined || /^https?:\/\//.test(url),
      'must be an http(s) URL such as https://cdn.example.com/zoom/6.2.0',
    ),
  })
  .refine(
    (env) =>
      [env.ZOOM_ACCOUNT_ID, env.ZOOM_CLIENT_ID, env.ZOOM_CLIENT_SECRET].every(Boolean) ||
      [env.ZOOM_ACCOUNT_ID, env.ZOOM_CLIENT_ID, env.ZOOM_CLIENT_SECRET].every((v) => !v),
    {
      message: 'ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET must be set together',
      path: ['ZOOM_CLIENT_SECRET'],
    },
  )
  .refine((env) => Boolean(env.ZOOM_SDK_KEY) === Boolean(env.ZOOM_SDK_SECRET), {
    message: 'ZOOM_SDK_KEY and ZOOM_SDK_SECRET must be set together',
    path: ['ZOOM_SDK_SECRET'],
  });

export type ZoomCredentials = Partial<Record<ZoomCredentialField, string>>;
export type ZoomSettings = ReturnType<typeof toSettings>;

/** The parts of the settings the credentials make: the OAuth app, the SDK app, the webhook. */
function credentialParts(c: ZoomCredentials) {
  return {
    api:
      c.account_id && c.client_id && c.client_secret
        ? { accountId: c.account_id, clientId: c.client_id, clientSecret: c.client_secret }
        : undefined,
    sdk: c.sdk_key && c.sdk_secret ? { key: c.sdk_key, secret: c.sdk_secret } : undefined,
    webhookSecret: c.webhook_secret_token,
  };
}

function toSettings(e: z.infer<typeof zoomEnv>) {
  const fromEnvironment: ZoomCredentials = {};
  for (const field of ZOOM_CREDENTIAL_FIELDS) {
    const value = e[ZOOM_CREDENTIAL_VARIABLES[field] as keyof typeof e];
    if (typeof value === 'string') fromEnvironment[field] = value;
  }
  return {
    /** The credentials the environment sets: they win over the app's, field by field. */
    fromEnvironment,
    ...credentialParts(fromEnvironment),
    apiUrl: e.ZOOM_API_URL.replace(/\/$/, ''),
    oauthUrl: e.ZOOM_OAUTH_URL,
    webSdk: resolveWebSdkSource({
      version: e.ZOOM_SDK_VERSION,
      assetUrl: e.ZOOM_SDK_ASSET_URL,
      installed: installedWebSdk(),
    }),
  };
}

/** The environment's settings with the app's credentials, where the environment sets none. */
export function withStoredCredentials(
  settings: ZoomSettings,
  stored: ZoomCredentials,
): ZoomSettings {
  return { ...settings, ...credentialParts({ ...stored, ...settings.fromEnvironment }) };
}

export function zoomSettings(
  env: Record<string, string | undefined>,
): { settings: ZoomSettings } | { issues: string[] } {
  const parsed = zoomEnv.safeParse(env);
  if (!parsed.success) {
    return {
      issues: parsed.error.issues.map(
        (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
      ),
    };
  }
  return { settings: toSettings(parsed.data) };
}
