// Name tags coloured by the name itself (product.md §9: 18 pastel colours for people, 12 for
// classes), so the same teacher or class has the same colour on every page.
import { Badge } from '@mantine/core';
import { avatarColor, classTagColor } from '#web/lib/colors.ts';
import { FullTextTooltip } from './full-text-tooltip.tsx';

function ColorTag({ name, color }: { name: string; color: { bg: string; fg: string } }) {
  // A long name is cut to the card's width; the tooltip shows it whole.
  return (
    <FullTextTooltip text={name}>
      <Badge
        variant="light"
        tt="none"
        maw="100%"
        styles={{ root: { background: color.bg, color: color.fg } }}
      >
        {name}
      </Badge>
    </FullTextTooltip>
  );
}

export const TeacherTag = ({ name }: { name: string }) => (
  <ColorTag name={name} color={avatarColor(name)} />
);

export const ClassTag = ({ name }: { name: string }) => (
  <ColorTag name={name} color={classTagColor(name)} />
);
