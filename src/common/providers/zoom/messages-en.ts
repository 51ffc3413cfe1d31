// The Zoom provider's codes in English (common/messages-en.ts spreads them in).
import type { providerMessages } from './messages.ts';

export const providerMessagesEn: Record<keyof typeof providerMessages, string> = {
  ZOOM_NOT_CONFIGURED: 'Zoom is not configured on the server.',
  ZOOM_NOT_CONNECTED:
    "Zoom is not connected, so a lesson held on Zoom cannot be started. Only an admin can connect Zoom (Settings → Zoom). Meanwhile, hold the lesson in a room or on the class's link.",
  ZOOM_SYNC_FAILED: 'Sync failed: {reason}',
  ZOOM_SYNC_BAD_REPLY: 'Invalid response format from Edge Function',
  ZOOM_ALL_ADDED: 'Every Zoom account has already been added',
  ZOOM_ADD_NONE_SELECTED: 'Please choose at least one account.',
  ZOOM_ADD_FAILED: 'Failed to add user',
  ZOOM_ADD_EXISTING: 'No account was added: {emails} already in the system.',
  ZOOM_ADDED: '{count, plural, one {# Zoom account} other {# Zoom accounts}} added.',
  ZOOM_ACCOUNT_ONLINE: 'The account {email} is ONLINE; wait for its meeting to end',
  ZOOM_ACCOUNT_IN_USE:
    'The account {email} is used by lessons. Please move those lessons to another account before deleting it.',
  ZOOM_ACCOUNT_DELETED: 'Zoom account deleted.',
  ZOOM_ACCOUNT_NOT_FOUND: 'The lesson has no Zoom account assigned.',
  ZOOM_ACCOUNT_RELEASED: 'The account {email} was released.',
  ZOOM_ACCOUNT_HOSTING: 'The account {email} is hosting a running lesson. End that lesson first.',
  ZOOM_ACCOUNT_NOT_BUSY: 'The account {email} is free; there is nothing to release.',
  ZOOM_CHECK_OAUTH_MISSING:
    "The Server-to-Server OAuth app's Account ID, Client ID and Client Secret are not set. Create that app on the Zoom App Marketplace, activate it, and paste the three values into the Zoom card of Settings (or set ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET on the server).",
  ZOOM_CHECK_OAUTH_OK: 'Zoom issues an access token to the Server-to-Server OAuth app.',
  ZOOM_CHECK_OAUTH_REFUSED:
    'Zoom refused the sign-in ({error}). Check the Account ID, Client ID, Client Secret (the Zoom card of Settings) and whether the app has been activated.',
  ZOOM_CHECK_OAUTH_UNREACHABLE:
    "Could not get an access token from {url}: {error}. Check the server's network connection to Zoom (or ZOOM_OAUTH_URL).",
  ZOOM_CHECK_SKIPPED: 'Skipped: the API sign-in step did not succeed.',
  ZOOM_CHECK_USERS_OK:
    'Read {count, plural, one {# active Zoom user; add it} other {# active Zoom users; add them}} to the list with SYNC.',
  ZOOM_CHECK_USERS_NONE: 'The Zoom account has no active users to host lessons.',
  ZOOM_CHECK_USERS_FAILED:
    'Could not read the user list ({error}). Add the scopes user:read:list_users:admin, user:read:token:admin, meeting:write:meeting:admin, meeting:read:meeting:admin, meeting:update:meeting:admin to the Server-to-Server OAuth app.',
  ZOOM_CHECK_SDK_MISSING:
    'The SDK Key and SDK Secret (the Client ID and Client Secret of the Meeting SDK app, entered in the Zoom card of Settings) are not set: teachers and students cannot enter lessons.',
  ZOOM_CHECK_SDK_OK:
    'The Meeting SDK signature can be signed (HS256). Zoom checks it only when someone enters a meeting: if it then says "Signature is invalid", check these two values again.',
  ZOOM_CHECK_SDK_FAILED: 'The Meeting SDK signature could not be signed.',
  ZOOM_CHECK_WEBHOOK_MISSING:
    "The webhook's Secret Token is not set (the Zoom card of Settings): lessons still end after their time (the server asks Zoom), but students joining and leaving are not recorded.",
  ZOOM_CHECK_WEBHOOK_OK:
    "The secret token is set. In the app's Event Subscription, the event notification endpoint is {url}, with the events meeting.started, meeting.ended, meeting.participant_joined and meeting.participant_left.",
  ZOOM_CHECK_WEB_SDK_LOCAL: 'Web Meeting SDK {version} is served by this server at {url}.',
  ZOOM_CHECK_WEB_SDK_INCOMPLETE:
    'The @zoom/meetingsdk {version} package is missing {files}: run npm install again.',
  ZOOM_CHECK_WEB_SDK_OK: 'Web Meeting SDK {version} loads from {url}.',
  ZOOM_CHECK_WEB_SDK_HTTP:
    '{url} answered HTTP {status}: check ZOOM_SDK_VERSION and ZOOM_SDK_ASSET_URL.',
  ZOOM_CHECK_SCOPES_UNKNOWN:
    "Zoom did not say which scopes the access token carries: check the Server-to-Server OAuth app's Scopes page.",
  ZOOM_CHECK_REPORT_SCOPE_OK:
    "The participants report scope is granted ({scope}): attendance is reconciled with Zoom's report after each lesson (a paid Zoom plan is needed).",
  ZOOM_CHECK_REPORT_SCOPE_MISSING:
    "Missing scope report:read:list_meeting_participants:admin (or report:read:admin): attendance follows the webhook events only, without Zoom's report.",
  ZOOM_CHECK_RECORDING_SCOPES_OK:
    'The cloud recording read and delete scopes are granted ({scope}).',
  ZOOM_CHECK_RECORDING_SCOPES_MISSING:
    "Missing cloud recording scopes ({missing}): lessons get no 'Watch again', and expired recordings are not deleted from Zoom.",
  ZOOM_CHECK_WEB_SDK_UNREACHABLE:
    'Could not load {url} ({error}): check ZOOM_SDK_ASSET_URL or use the copy in the package (remove ZOOM_SDK_VERSION).',

  ZOOM_SETTINGS_SAVED: 'Zoom settings saved.',
  ZOOM_SETTING_INVALID:
    'Invalid value: paste the value exactly as copied from the Zoom App Marketplace (no spaces, at most 512 characters).',
  ZOOM_SETTING_FROM_ENVIRONMENT:
    "{variable} is set in the server's environment, so it cannot be changed here: the environment wins.",
  ZOOM_SETTINGS_INCOMPLETE: '{fields} must be entered together (or all cleared).',
};
