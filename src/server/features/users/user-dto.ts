// The user profile as the API returns it (product.md §3 users).
import { type UserDto, userSchema } from '#common/users.ts';
import { toBool } from '#server/db/schema.ts';

export { type UserDto, userSchema };

export const USER_COLUMNS = [
  'user_id',
  'auth_id',
  'email',
  'full_name',
  'role',
  'username',
  'is_active',
  'avatar_url',
  'phone',
  'created_at',
  'updated_at',
  'created_by',
  'language',
] as const;

export function toUserDto(
  row: Omit<UserDto, 'is_active'> & { is_active: boolean | number },
): UserDto {
  return {
    user_id: row.user_id,
    auth_id: row.auth_id,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    username: row.username,
    is_active: toBool(row.is_active),
    avatar_url: row.avatar_url,
    phone: row.phone,
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by,
    language: row.language ?? null,
  };
}
