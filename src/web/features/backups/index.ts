// Backups' public face (docs/decisions/042-backups.md): Settings' 'System' card.
export { SystemCard } from './system-card.tsx';
