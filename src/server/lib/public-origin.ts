// The one origin every absolute link the server writes starts with: calendar feed URLs, links in
// e-mails (notifications, password resets), the webhook URLs shown to the admin. Never the
// request's Host header, which any client can forge (issue 30 point 8,
// docs/decisions/045-origin-emails-events.md). PUBLIC_ORIGIN is required in production
// (config.ts refuses to start without it); in development and tests the default is
// http://localhost:PORT.
import type { AppContext } from '#server/context.ts';

export function publicOrigin(ctx: Pick<AppContext, 'config'>): string {
  return ctx.config.publicOrigin ?? ctx.config.localOrigin;
}

/** An absolute URL on this server for a path ('/api/calendar/…'). */
export function publicUrl(ctx: Pick<AppContext, 'config'>, path: string): string {
  return `${publicOrigin(ctx)}${path}`;
}
