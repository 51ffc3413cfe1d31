// The settings feature's public face: the center's name and logo, which every page shows.
export { useCenterSettings, useMayExport } from './api.ts';
