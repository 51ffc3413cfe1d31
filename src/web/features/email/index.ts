// The e-mail feature's public face in the web app: Settings → Notifications, the profile's e-mail
// choices. The forgot and reset pages are loaded by the router lazily, by their own modules.
export { EmailPreferencesSection } from './email-preferences-section.tsx';
export { EmailSettingsDialog } from './email-settings-dialog.tsx';
export { EmailSettingsSummary } from './email-settings-summary.tsx';
