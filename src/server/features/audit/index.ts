// The audit log feature's public face (docs/decisions/041-audit-log.md). Writing an entry is
// lib/audit.ts's (every feature calls it in its own transaction); this feature reads the log,
// exports it, keeps its retention and prunes it.
export { pruneAuditLog, startAuditPruning } from './prune.ts';
export { auditRoutes } from './routes.ts';
