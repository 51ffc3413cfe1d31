import { Avatar, type AvatarProps } from '@mantine/core';
import { avatarColor, initials } from '#web/lib/colors.ts';

/** A person's picture, or their initials on their own pastel colour. */
export function UserAvatar({
  name,
  url,
  ...props
}: { name: string; url?: string | null } & Omit<AvatarProps, 'src' | 'children'>) {
  const color = avatarColor(name);
  return (
    <Avatar
      src={url ?? undefined}
      alt={name}
      radius="xl"
      styles={{ placeholder: { background: color.bg, color: color.fg } }}
      {...props}
    >
      {initials(name)}
    </Avatar>
  );
}
