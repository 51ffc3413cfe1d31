// Route guards. The session is loaded once per request (see app.ts); these check it.
import type { FastifyRequest } from 'fastify';
import type { Permission } from '#common/permissions.ts';
import { hasPermission } from '#common/permissions.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

/**
 * The signed-in user, or a 401. A user who still has to replace an admin-set password gets a
 * 403 everywhere except the few routes that let them do so (`allowPendingPasswordChange`).
 */
export function currentUser(
  request: FastifyRequest,
  options: { allowPendingPasswordChange?: boolean } = {},
): SessionUser {
  const user = request.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.mustChangePassword && !options.allowPendingPasswordChange) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  return user;
}

export function userWithPermission(request: FastifyRequest, permission: Permission): SessionUser {
  const user = currentUser(request);
  if (!hasPermission(user.role, permission)) throw new AppError('FORBIDDEN');
  return user;
}
