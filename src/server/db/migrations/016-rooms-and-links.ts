// Lessons held without Zoom (docs/decisions/019-rooms-and-links.md): the center's rooms, where
// each lesson is held (`venue`: 'zoom', 'room' or 'link', and its room), and a class's default
// venue, default room and the online meeting link it keeps. Every lesson and class there was is
// held on Zoom, as before. The index serves the room clash check ("this room's lessons around
// this time"), as (class_id, start_time) serves the class's.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';

const VENUE_IDS = sql.raw(["'zoom'", "'room'", "'link'"].join(', '));

export function roomsAndLinksMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  const no = dialect === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rooms')
        .addColumn('room_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        // The name as compared for uniqueness (trimmed, lower case): 'P.101' and 'p.101' are one room.
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('capacity', 'integer')
        .addColumn('note', 'text')
        .addColumn('archived', boolean, (c) => c.notNull().defaultTo(no))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable('schedules')
        .addColumn('venue', 'text', (c) =>
          c.notNull().defaultTo('zoom').check(sql`venue in (${VENUE_IDS})`),
        )
        .execute();
      await db.schema
        .alterTable('schedules')
        .addColumn('room_id', 'text', (c) => c.references('rooms.room_id'))
        .execute();
      await db.schema
        .createIndex('schedules_room_start_idx')
        .on('schedules')
        .columns(['room_id', 'start_time'])
        .execute();

      await db.schema
        .alterTable('classes')
        .addColumn('default_venue', 'text', (c) =>
          c.notNull().defaultTo('zoom').check(sql`default_venue in (${VENUE_IDS})`),
        )
        .execute();
      await db.schema
        .alterTable('classes')
        .addColumn('default_room_id', 'text', (c) => c.references('rooms.room_id'))
        .execute();
      await db.schema.alterTable('classes').addColumn('meeting_link', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('classes').dropColumn('meeting_link').execute();
      await db.schema.alterTable('classes').dropColumn('default_room_id').execute();
      await db.schema.alterTable('classes').dropColumn('default_venue').execute();
      await db.schema.dropIndex('schedules_room_start_idx').execute();
      await db.schema.alterTable('schedules').dropColumn('room_id').execute();
      await db.schema.alterTable('schedules').dropColumn('venue').execute();
      await db.schema.dropTable('rooms').execute();
    },
  };
}
