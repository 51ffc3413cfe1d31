// The center settings feature's public face: what other features may use of it.
export { assertMayExport } from './may-export.ts';
export { readCenterSettings } from './read-center-settings.ts';
