// The center's rooms (docs/decisions/019-rooms-and-links.md): the list for anyone who schedules or
// sees lessons (the lesson dialogs and cards name them), kept by admin and staff (manage_rooms);
// and which venues a lesson can be held on now (a provider only when it is connected).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRoomInput,
  roomListSchema,
  roomSchema,
  updateRoomInput,
  VENUES,
  venuesSchema,
} from '#common/venues.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { createRoom, deleteRoom, updateRoom } from './manage-rooms.ts';
import { listRooms } from './queries.ts';

const roomParams = z.object({ roomId: idParam });

export const roomRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/venues',
      {
        schema: {
          tags: ['rooms'],
          summary:
            'The venues a lesson can be held on now: each provider only when connected, rooms and links always',
          response: { 200: venuesSchema, ...errorReplies },
        },
      },
      async (request) => {
        currentUser(request);
        return { available: VENUES.filter((venue) => ctx.providers.get(venue) !== undefined) };
      },
    );

    app.get(
      '/rooms',
      {
        schema: {
          tags: ['rooms'],
          summary: "The center's rooms, those in use first, by name (archived ones last)",
          response: { 200: roomListSchema, ...errorReplies },
        },
      },
      async (request) => {
        currentUser(request);
        return { items: await listRooms(db) };
      },
    );

    app.post(
      '/rooms',
      {
        schema: {
          tags: ['rooms'],
          summary: 'Add a room (admin, staff)',
          body: createRoomInput,
          response: { 201: roomSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        userWithPermission(request, 'manage_rooms');
        const room = await createRoom(ctx, request.body);
        reply.code(201);
        return room;
      },
    );

    app.patch(
      '/rooms/:roomId',
      {
        schema: {
          tags: ['rooms'],
          summary:
            'Rename a room, change its capacity or note, archive it or use it again (admin, staff)',
          params: roomParams,
          body: updateRoomInput,
          response: { 200: roomSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_rooms');
        return updateRoom(ctx, request.params.roomId, request.body);
      },
    );

    app.delete(
      '/rooms/:roomId',
      {
        schema: {
          tags: ['rooms'],
          summary:
            'Delete a room no lesson or class names (admin, staff); one in use is refused: archive it',
          params: roomParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_rooms');
        const { name } = await deleteRoom(ctx, request.params.roomId);
        return { ok: true as const, code: 'ROOM_DELETED' as const, params: { name } };
      },
    );
  };
