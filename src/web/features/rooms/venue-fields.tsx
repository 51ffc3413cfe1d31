// Where a class's lessons, or one lesson or a series, are held: the video provider ('zoom',
// offered only while it is connected: the server says which venues there are), one of the
// center's rooms, or the online link the class keeps (offered for a lesson only when the class
// has one). The class form, the add-lesson and the series dialogs all use these fields.
import { Select, Stack, Text } from '@mantine/core';
import type { ClassDto } from '#common/classes.ts';
import type { Venue } from '#common/venues.ts';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { t } from '#web/i18n/index.ts';
import { useRooms, useVenues } from './api.ts';

/** A venue's name as the dialogs and cards say it (the video provider's by its own name). */
export const venueLabel = (venue: Venue) =>
  t(venue === 'room' ? 'venues.room' : venue === 'link' ? 'venues.link' : 'venues.pool');

export interface VenueValues {
  /** '' until one is chosen. */
  venue: Venue | '';
  room_id: string;
}

/** What a lesson dialog starts from: the class's default venue, when it is on offer now. */
export function useLessonVenueDefault(klass: ClassDto | undefined): VenueValues | null {
  const venues = useVenues(Boolean(klass));
  if (!klass || !venues.data) return null;
  const offered =
    venues.data.includes(klass.default_venue) &&
    (klass.default_venue !== 'link' || Boolean(klass.meeting_link));
  if (!offered) return { venue: '', room_id: '' };
  return { venue: klass.default_venue, room_id: klass.default_room?.room_id ?? '' };
}

/** The fields' problems before anything is sent: a venue chosen, and a room for a room. */
export function venueProblems(values: VenueValues): Partial<Record<'venue' | 'room_id', string>> {
  if (!values.venue) return { venue: t('venues.required') };
  if (values.venue === 'room' && !values.room_id) {
    return { room_id: t('error.VENUE_ROOM_REQUIRED') };
  }
  return {};
}

export function VenueFields({
  values,
  onChange,
  errors,
  label = t('venues.field'),
  description,
  linkOffered,
}: {
  values: VenueValues;
  onChange: (values: VenueValues) => void;
  errors: { venue?: React.ReactNode; room_id?: React.ReactNode };
  label?: string;
  description?: string;
  /** Whether the class keeps a link to hold lessons on (the class form: always). */
  linkOffered: boolean;
}) {
  const venues = useVenues();
  const rooms = useRooms();
  const available = (venues.data ?? []).filter((venue) => venue !== 'link' || linkOffered);
  const poolOff = venues.data !== undefined && !venues.data.includes('zoom' as Venue);
  const usable = (rooms.data ?? []).filter(
    (room) => !room.archived || room.room_id === values.room_id,
  );
  const hints = [
    description,
    poolOff ? t('venues.poolOff') : null,
    linkOffered ? null : t('venues.noLink'),
  ].filter(Boolean);
  return (
    <Stack gap="xs">
      <Select
        label={label}
        placeholder={t('venues.choose')}
        description={hints.join(' ') || undefined}
        data={available.map((venue) => ({ value: venue, label: venueLabel(venue) }))}
        value={values.venue || null}
        onChange={(venue) => onChange({ ...values, venue: (venue as Venue | null) ?? '' })}
        error={errors.venue}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        required
      />
      {values.venue === 'room' && (
        <>
          <SearchableSelect
            label={t('venues.roomField')}
            placeholder={t('venues.chooseRoom')}
            data={usable.map((room) => ({ value: room.room_id, label: room.name }))}
            value={values.room_id || null}
            onChange={(roomId) => onChange({ ...values, room_id: roomId ?? '' })}
            error={errors.room_id}
            required
          />
          {rooms.data?.length === 0 && (
            <Text size="sm" c="warning.8">
              {t('venues.noRooms')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
