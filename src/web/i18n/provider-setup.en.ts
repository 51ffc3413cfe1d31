// Settings → the video provider's card, in English (provider-setup.ts beside it).
import type { providerSetupTexts } from './provider-setup.ts';

export const providerSetupTextsEn: Record<keyof typeof providerSetupTexts, string> = {
  'providerSetup.cardTitle': 'Zoom',
  'providerSetup.cardText':
    "Connect the center's Zoom account: online lessons are created and opened on Zoom.",
  'providerSetup.connected': 'Connected',
  'providerSetup.notConnected': 'Not connected',
  'providerSetup.dialogTitle': 'Connect Zoom',
  'providerSetup.intro':
    'Create the apps on the Zoom App Marketplace (marketplace.zoom.us → Develop → Build App), then copy each value here. Values are encrypted when saved and never shown again: leave a box empty to keep the saved value.',
  'providerSetup.group.oauth': 'Server-to-Server OAuth app (creates and manages the meetings)',
  'providerSetup.group.sdk': 'Meeting SDK app (enter lessons right in the browser)',
  'providerSetup.group.webhook': 'Webhook (records students joining and leaving)',
  'providerSetup.field.account_id': 'Account ID',
  'providerSetup.field.client_id': 'Client ID',
  'providerSetup.field.client_secret': 'Client Secret',
  'providerSetup.field.sdk_key': "SDK Key (the Meeting SDK app's Client ID)",
  'providerSetup.field.sdk_secret': "SDK Secret (the Meeting SDK app's Client Secret)",
  'providerSetup.field.webhook_secret_token': 'Secret Token',
  'providerSetup.guide.account_id':
    'In the Server-to-Server OAuth app, the App Credentials page: Account ID.',
  'providerSetup.guide.client_id': 'The same App Credentials page: Client ID.',
  'providerSetup.guide.client_secret':
    'The same App Credentials page: Client Secret. The app must be activated (Activation) and have the user and meeting scopes.',
  'providerSetup.guide.sdk_key':
    'In the General app with the Meeting SDK turned on (Features → Embed → Meeting SDK), the App Credentials page: Client ID.',
  'providerSetup.guide.sdk_secret': 'The same App Credentials page: Client Secret.',
  'providerSetup.guide.webhook_secret_token':
    'In the Server-to-Server OAuth app, the Feature page: Secret Token. Turn on Event Subscriptions, paste the webhook address below and choose the events meeting.started, meeting.ended, meeting.participant_joined, meeting.participant_left.',
  'providerSetup.webhookUrl': 'Webhook address (Event notification endpoint URL)',
  'providerSetup.copy': 'Copy the webhook address',
  'providerSetup.copied': 'Copied',
  'providerSetup.fromEnvironment':
    "Set by the server's environment ({variable}): cannot be changed here.",
  'providerSetup.storedMasked': 'Saved ({masked}).',
  'providerSetup.stored': 'Saved.',
  'providerSetup.notSet': 'Not set.',
  'providerSetup.unreadable':
    "The saved value cannot be decrypted with the server's current key (SECRETS_KEY changed?): enter it again.",
  'providerSetup.keepPlaceholder': 'Leave empty to keep the saved value',
  'providerSetup.clear': 'Clear {field}',
  'providerSetup.clearShort': 'Clear',
  'providerSetup.willClear': 'Cleared when saved.',
  'providerSetup.keep': 'Keep',
  'providerSetup.save': 'Save and check the connection',
  'providerSetup.verdict': 'Connection check',
  'providerSetup.open': 'Open Settings',
};
