// The user profile as the API returns it (SPEC.md §3 users).
import { z } from 'zod';
import { ROLES } from '../../../common/constants.ts';
import { toBool } from '../../db/schema.ts';

export const userSchema = z.object({
  user_id: z.string(),
  auth_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  username: z.string(),
  is_active: z.boolean(),
  avatar_url: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
});
export type UserDto = z.infer<typeof userSchema>;

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
  };
}
