// The Zoom provider's contracts (docs/decisions/014-video-providers.md): the pool of Zoom accounts
// lessons are hosted on, the check of the Zoom set-up, and what the meeting page loads. Only the
// provider's server and web code import this file.
import { z } from 'zod';
import { codes, type MessageCode } from '../../messages.ts';
import { pageOf } from '../../page.ts';

export const zoomAccountSchema = z.object({
  zoom_account_id: z.string(),
  zoom_user_id: z.string(),
  email: z.string(),
  is_busy: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  /** Busy with no lesson running on it (a crash or a lost end): an admin may free it. */
  stuck: z.boolean(),
});
export type ZoomAccountDto = z.infer<typeof zoomAccountSchema>;

export const zoomAccountListSchema = pageOf(zoomAccountSchema).extend({
  /** Whether the server has Zoom credentials (the page says so when not). */
  configured: z.boolean(),
});
export type ZoomAccountListDto = z.infer<typeof zoomAccountListSchema>;

/** The pool account hosting a lesson, as the meeting page's overlay shows it. */
export const meetingAccountSchema = zoomAccountSchema.pick({
  zoom_account_id: true,
  email: true,
  is_busy: true,
  is_active: true,
});
export type MeetingAccountDto = z.infer<typeof meetingAccountSchema>;

/** Where the meeting page loads Zoom's Web Meeting SDK from. */
export const webSdkSourceSchema = z.object({
  version: z.string(),
  libUrl: z.string(),
  scripts: z.array(z.string()),
});
export type WebSdkSourceDto = z.infer<typeof webSdkSourceSchema>;

/** A user of the Zoom account not yet in the pool (product.md §3 provider user). */
export const providerUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.string(),
  role_name: z.string().nullable(),
});
export type ProviderUserDto = z.infer<typeof providerUserSchema>;

/** The Zoom connection check (admin): each part of the set-up and how it went. */
export const CONNECTION_CHECK_STEPS = [
  'oauth',
  'users',
  'sdk',
  'webhook',
  'webSdk',
  // Scopes only some features need (issue 28): a missing one is a warning, never a failure.
  'reports',
  'recordings',
] as const;
export const CONNECTION_CHECK_CODES = [
  'ZOOM_CHECK_OAUTH_MISSING',
  'ZOOM_CHECK_OAUTH_OK',
  'ZOOM_CHECK_OAUTH_REFUSED',
  'ZOOM_CHECK_OAUTH_UNREACHABLE',
  'ZOOM_CHECK_SKIPPED',
  'ZOOM_CHECK_USERS_OK',
  'ZOOM_CHECK_USERS_NONE',
  'ZOOM_CHECK_USERS_FAILED',
  'ZOOM_CHECK_SDK_MISSING',
  'ZOOM_CHECK_SDK_OK',
  'ZOOM_CHECK_SDK_FAILED',
  'ZOOM_CHECK_WEBHOOK_MISSING',
  'ZOOM_CHECK_WEBHOOK_OK',
  'ZOOM_CHECK_WEB_SDK_LOCAL',
  'ZOOM_CHECK_WEB_SDK_INCOMPLETE',
  'ZOOM_CHECK_WEB_SDK_OK',
  'ZOOM_CHECK_WEB_SDK_HTTP',
  'ZOOM_CHECK_WEB_SDK_UNREACHABLE',
  'ZOOM_CHECK_SCOPES_UNKNOWN',
  'ZOOM_CHECK_REPORT_SCOPE_OK',
  'ZOOM_CHECK_REPORT_SCOPE_MISSING',
  'ZOOM_CHECK_RECORDING_SCOPES_OK',
  'ZOOM_CHECK_RECORDING_SCOPES_MISSING',
] as const satisfies readonly MessageCode[];
export type ConnectionCheckCode = (typeof CONNECTION_CHECK_CODES)[number];
export const connectionCheckSchema = z.object({
  /** True when nothing failed (warnings allowed). */
  ok: z.boolean(),
  steps: z.array(
    z.object({
      key: z.enum(CONNECTION_CHECK_STEPS),
      status: z.enum(['ok', 'warning', 'failed', 'skipped']),
      /** What happened and what to do: a code of the catalogue, and the values its text names. */
      code: z.enum(CONNECTION_CHECK_CODES),
      params: z.record(z.string(), z.string()).optional(),
    }),
  ),
});
export type ConnectionCheckDto = z.infer<typeof connectionCheckSchema>;

/**
 * Zoom's credentials as the admin sets them in the app (Settings → Zoom, docs/decisions/024): the
 * Server-to-Server OAuth app's three, the Meeting SDK app's two, the webhook's secret token.
 */
export const ZOOM_CREDENTIAL_FIELDS = [
  'account_id',
  'client_id',
  'client_secret',
  'sdk_key',
  'sdk_secret',
  'webhook_secret_token',
] as const;
export type ZoomCredentialField = (typeof ZOOM_CREDENTIAL_FIELDS)[number];
/** Identifiers are shown by their last characters; secrets only as set or not. */
export const ZOOM_IDENTIFIER_FIELDS: readonly ZoomCredentialField[] = [
  'account_id',
  'client_id',
  'sdk_key',
];
/** The environment variable that sets each field (and wins over the app's value). */
export const ZOOM_CREDENTIAL_VARIABLES: Record<ZoomCredentialField, string> = {
  account_id: 'ZOOM_ACCOUNT_ID',
  client_id: 'ZOOM_CLIENT_ID',
  client_secret: 'ZOOM_CLIENT_SECRET',
  sdk_key: 'ZOOM_SDK_KEY',
  sdk_secret: 'ZOOM_SDK_SECRET',
  webhook_secret_token: 'ZOOM_WEBHOOK_SECRET_TOKEN',
};

export const zoomSettingsSchema = z.object({
  fields: z.array(
    z.object({
      field: z.enum(ZOOM_CREDENTIAL_FIELDS),
      /** 'environment': set by the server's environment, which wins; read-only here. */
      source: z.enum(['environment', 'app']).nullable(),
      /** For an identifier, its last characters behind dots ("••••1234"); never a secret. */
      masked: z.string().nullable(),
      /** Stored, but sealed under another key than this server's (SECRETS_KEY changed). */
      unreadable: z.boolean(),
    }),
  ),
  /** The address to paste in the app's Event Subscription. */
  webhook_url: z.string(),
  /** Whether lessons can be held on Zoom (the Server-to-Server OAuth app is set). */
  connected: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ZoomSettingsDto = z.infer<typeof zoomSettingsSchema>;

/** What a credential may hold: visible ASCII, no spaces (what Zoom's Marketplace shows). */
const credentialValue = z
  .string({ error: 'ZOOM_SETTING_INVALID' })
  .trim()
  .min(1, codes.ZOOM_SETTING_INVALID)
  .max(512, codes.ZOOM_SETTING_INVALID)
  .regex(/^[\x21-\x7e]+$/, codes.ZOOM_SETTING_INVALID);

/** A field given replaces it, null clears it, a field left out stays as it is. */
export const zoomSettingsInput = z.object(
  Object.fromEntries(
    ZOOM_CREDENTIAL_FIELDS.map((field) => [field, credentialValue.nullable().optional()]),
  ) as Record<ZoomCredentialField, z.ZodOptional<z.ZodNullable<typeof credentialValue>>>,
);
export type ZoomSettingsInput = z.infer<typeof zoomSettingsInput>;

export const zoomSettingsSavedSchema = zoomSettingsSchema.extend({
  code: z.literal('ZOOM_SETTINGS_SAVED'),
  /** The connection check, run on what was just saved. */
  check: connectionCheckSchema,
});
export type ZoomSettingsSavedDto = z.infer<typeof zoomSettingsSavedSchema>;
