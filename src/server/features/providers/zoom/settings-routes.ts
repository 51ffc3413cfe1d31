// Settings → Zoom (admin): the credentials of the center's Zoom apps, set in the app rather than
// in the server's environment (docs/decisions/024). The values are kept sealed and never sent back:
// a reply says which fields are set and by whom (the environment or the app), an identifier by its
// last characters at most. A field given replaces the stored one, null clears it; a field the
// environment sets cannot be changed here (the environment wins). Saving runs the connection
// check on what was saved, and every process uses the new values at once, without a restart.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT } from '#common/events.ts';
import {
  ZOOM_CREDENTIAL_FIELDS,
  ZOOM_CREDENTIAL_VARIABLES,
  ZOOM_IDENTIFIER_FIELDS,
  type ZoomCredentialField,
  type ZoomSettingsDto,
  zoomSettingsInput,
  zoomSettingsSavedSchema,
  zoomSettingsSchema,
} from '#common/providers/zoom/contracts.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { publicOriginOf, runConnectionCheck } from './connection-check.ts';
import { writeStoredCredentials } from './stored-credentials.ts';
import { type ZoomConnection, zoomConnectionOf } from './zoom-connection.ts';
import { ZOOM } from './zoom-provider.ts';

/** Fields that only work together: the OAuth app's three, the SDK app's two. */
const TOGETHER: readonly (readonly ZoomCredentialField[])[] = [
  ['account_id', 'client_id', 'client_secret'],
  ['sdk_key', 'sdk_secret'],
];

/** An identifier's last four characters at most (none of a short one); a secret is never shown. */
function masked(field: ZoomCredentialField, value: string): string | null {
  if (!ZOOM_IDENTIFIER_FIELDS.includes(field)) return null;
  return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}

function describe(connection: ZoomConnection, origin: string): ZoomSettingsDto {
  const fromEnvironment = connection.environment.fromEnvironment;
  const stored = connection.stored();
  return {
    fields: ZOOM_CREDENTIAL_FIELDS.map((field) => {
      const environmentValue = fromEnvironment[field];
      const storedValue = stored.values[field];
      const value = environmentValue ?? storedValue;
      return {
        field,
        source: environmentValue ? 'environment' : storedValue ? 'app' : null,
        masked: value ? masked(field, value) : null,
        unreadable: !environmentValue && stored.unreadable.includes(field),
      };
    }),
    webhook_url: `${origin}/api/zoom/webhook`,
    connected: connection.provider() !== undefined,
    updated_at: stored.updatedAt,
  };
}

export const zoomSettingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const connectionOf = () => {
      const connection = zoomConnectionOf(ctx);
      if (!connection) throw new AppError('ZOOM_NOT_CONFIGURED');
      return connection;
    };

    app.get(
      '/zoom/settings',
      {
        schema: {
          tags: ['zoom'],
          summary:
            "Zoom's credentials: which are set, by the environment or the app, identifiers masked, secrets never (admin)",
          response: { 200: zoomSettingsSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_zoom_accounts');
        return describe(connectionOf(), publicOriginOf(ctx));
      },
    );

    app.patch(
      '/zoom/settings',
      {
        schema: {
          tags: ['zoom'],
          summary:
            "Set or clear Zoom's credentials kept in the app (a field given replaces, null clears), then run the connection check (admin)",
          body: zoomSettingsInput,
          response: { 200: zoomSettingsSavedSchema, ...errorReplies },
        },
      },
      async (request) => {
        const user = userWithPermission(request, 'manage_zoom_accounts');
        const connection = connectionOf();
        const change = request.body;
        const fromEnvironment = connection.environment.fromEnvironment;
        for (const field of ZOOM_CREDENTIAL_FIELDS) {
          if (change[field] !== undefined && fromEnvironment[field] !== undefined) {
            throw new AppError('ZOOM_SETTING_FROM_ENVIRONMENT', {
              params: { variable: ZOOM_CREDENTIAL_VARIABLES[field] },
              field,
            });
          }
        }
        if (ZOOM_CREDENTIAL_FIELDS.some((field) => change[field] !== undefined)) {
          const version = await writeStoredCredentials(
            ctx.database,
            connection.box(),
            change,
            { userId: user.user_id, at: ctx.clock.now().toISOString() },
            (stored) => {
              for (const group of TOGETHER) {
                const set = group.filter((f) => stored[f] || fromEnvironment[f] !== undefined);
                if (set.length > 0 && set.length < group.length) {
                  throw new AppError('ZOOM_SETTINGS_INCOMPLETE', {
                    params: { fields: group.map((f) => ZOOM_CREDENTIAL_VARIABLES[f]).join(', ') },
                    field: group.find((f) => !set.includes(f)),
                  });
                }
              }
            },
          );
          // This process uses the new values before it answers; the others on hearing this.
          await connection.reload(ctx);
          await ctx.events.publish({
            type: EVENT.providerSettings,
            data: { provider: ZOOM, version },
          });
        }
        const origin = publicOriginOf(ctx);
        return {
          ...describe(connection, origin),
          code: 'ZOOM_SETTINGS_SAVED' as const,
          check: await runConnectionCheck(ctx, origin),
        };
      },
    );
  };
