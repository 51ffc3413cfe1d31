// The themes feature's public face: the active theme, its colours, and the theme manager dialog.
export { useActiveTheme } from './api.ts';
export { themeColors } from './mantine-theme.ts';
export { ThemeManagerDialog } from './theme-manager-dialog.tsx';
