// Materials of a class or of a lesson, their files, and the Library (issue 29 point 3,
// docs/decisions/038-materials.md). Files are checked by their content as they stream to the store;
// they are reached only through /api/materials/{id}/file, which asks who the viewer is.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Insertable, sql } from 'kysely';
import { z } from 'zod';
import {
  LIBRARY_PAGE_SIZE,
  libraryPageSchema,
  MATERIAL_MAX_BYTES,
  MATERIAL_MAX_UPLOAD_BYTES,
  type MaterialFamily,
  materialFileFields,
  materialLinkInput,
  materialListSchema,
  materialSchema,
} from '#common/materials.ts';
import { isMessageCode } from '#common/messages.ts';
import { noticeSchema } from '#common/notice.ts';
import { searchQuery } from '#common/search.ts';
import { errorReplies, idParam, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import type { ClassMaterialTable } from '#server/db/schema.ts';
import { containsFolded, searchName } from '#server/db/search.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, type SessionUser, userWithPermission } from '#server/features/auth/index.ts';
import { visibleClasses } from '#server/features/classes/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { byteRange } from '#server/plugins/uploaded-files.ts';
import { sendMaterialFile } from './download.ts';
import { databaseStore, folderStore, type MaterialStore } from './material-store.ts';
import { ContentInspector, MATERIAL_TYPES, storedFileName } from './material-type.ts';
import {
  canDeleteMaterial,
  classToAttachTo,
  lessonToAttachTo,
  materialExists,
  materialsFor,
  toMaterialDto,
} from './queries.ts';

const MIB = 1_048_576;
const tooLarge = (family: MaterialFamily) =>
  new AppError('MATERIAL_TOO_LARGE', {
    field: 'file',
    params: { max: String(MATERIAL_MAX_BYTES[family] / MIB) },
  });

const addedReply = noticeSchema.extend({ material: materialSchema });
const classParams = z.object({ classId: idParam });
const lessonParams = z.object({ scheduleId: idParam });
const materialParams = z.object({ materialId: idParam });

/** What the audit log keeps of a material: where, what, never its bytes. */
const materialFields = (row: {
  material_id: string;
  schedule_id?: string | null;
  kind: string;
  title: string;
  url?: string | null;
  file_name?: string | null;
}) => ({
  material_id: row.material_id,
  schedule_id: row.schedule_id ?? null,
  kind: row.kind,
  title: row.title,
  url: row.url ?? null,
  file_name: row.file_name ?? null,
});

export const materialRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    // The same choice as the uploaded images' store (FILE_STORAGE).
    const store: MaterialStore =
      ctx.files.kind === 'database' ? databaseStore(db) : folderStore(ctx.config.dataDir);

    const readOne = async (viewer: SessionUser, materialId: string) => {
      const row = await materialsFor(db, viewer)
        .where('m.material_id', '=', materialId)
        .executeTakeFirst();
      if (!row) {
        throw new AppError((await materialExists(db, materialId)) ? 'FORBIDDEN' : 'NOT_FOUND');
      }
      return row;
    };

    /** Streams the request's one file into the store, checking its type and size as it passes. */
    /** A material added, with its audit entry (under its class), in one transaction. */
    const insertMaterial = (values: Insertable<ClassMaterialTable>) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('class_materials').values(values).execute();
        await recordAudit(trx, {
          action: 'material.add',
          recordType: 'class',
          recordId: values.class_id,
          before: null,
          after: materialFields(values),
        });
      });

    const receiveFile = async (
      request: FastifyRequest,
      viewer: SessionUser,
      place: { classId: string; scheduleId: string | null },
    ) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let part: Awaited<ReturnType<FastifyRequest['file']>>;
      try {
        part = await request.file({
          limits: { fileSize: MATERIAL_MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 },
        });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code?.startsWith('FST_')) throw error;
        throw new AppError('MULTIPART_INVALID', { field: 'file', cause: error });
      }
      if (!part) throw new AppError('FILE_MISSING', { field: 'file' });
      // The text fields travel before the file (the web app appends them first).
      const fieldValue = (name: string) => {
        const field = part.fields[name];
        const one = Array.isArray(field) ? field[0] : field;
        return one && one.type === 'field' ? String(one.value) : undefined;
      };
      const fields = materialFileFields.safeParse({
        title: fieldValue('title'),
        description: fieldValue('description'),
      });

      const materialId = randomUUID();
      const writer = await store.writer(materialId);
      const inspector = new ContentInspector();
      let refusal: AppError | null = null;
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          // After a refusal the rest is read and dropped, so the reply reaches the client whole.
          if (refusal) continue;
          inspector.push(chunk);
          const family = inspector.family;
          if (family === null) refusal = new AppError('MATERIAL_TYPE', { field: 'file' });
          else if (family && inspector.size > MATERIAL_MAX_BYTES[family])
            refusal = tooLarge(family);
          else await writer.write(chunk);
        }
      } catch (error) {
        await writer.abort();
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(inspector.family ?? 'audio');
        if (error instanceof AppError || code?.startsWith('FST_')) throw error;
        // The multipart parser's errors carry no code: a body cut short.
        throw new AppError('MULTIPART_INVALID', { field: 'file', cause: error });
      }
      // Cut at the largest limit of all: over it whatever the family.
      if (!refusal && part.file.truncated) refusal = tooLarge(inspector.family ?? 'audio');
      const type = refusal ? null : inspector.finish();
      if (!type || !fields.success) {
        await writer.abort();
        if (refusal) throw refusal;
        if (!fields.success) {
          const issue = fields.error.issues[0]!;
          throw new AppError(isMessageCode(issue.message) ? issue.message : 'VALIDATION', {
            field: String(issue.path[0] ?? 'title'),
          });
        }
        if (inspector.size === 0) throw new AppError('FILE_MISSING', { field: 'file' });
        throw new AppError('MATERIAL_TYPE', { field: 'file' });
      }
      try {
        await writer.finish();
        const fileName = storedFileName(part.filename, type);
        const title = fields.data.title ?? fileName;
        await insertMaterial({
          material_id: materialId,
          class_id: place.classId,
          schedule_id: place.scheduleId,
          kind: 'file',
          title,
          description: fields.data.description,
          search_title: searchName(`${title} ${fields.data.description ?? ''}`),
          url: null,
          file_name: fileName,
          content_type: MATERIAL_TYPES[type].contentType,
          size: inspector.size,
          created_by: viewer.user_id,
          created_at: ctx.clock.now().toISOString(),
        });
      } catch (error) {
        await store.remove(materialId).catch(() => {});
        throw error;
      }
      return { material: toMaterialDto(await readOne(viewer, materialId), viewer) };
    };

    const addLink = async (
      viewer: SessionUser,
      place: { classId: string; scheduleId: string | null },
      input: z.output<typeof materialLinkInput>,
    ) => {
      const materialId = randomUUID();
      await insertMaterial({
        material_id: materialId,
        class_id: place.classId,
        schedule_id: place.scheduleId,
        kind: 'link',
        title: input.title,
        description: input.description,
        search_title: searchName(`${input.title} ${input.description ?? ''}`),
        url: input.url,
        file_name: null,
        content_type: null,
        size: null,
        created_by: viewer.user_id,
        created_at: ctx.clock.now().toISOString(),
      });
      return { material: toMaterialDto(await readOne(viewer, materialId), viewer) };
    };

    const uploadSummary =
      'multipart: optional fields "title" and "description" first, then "file" (PDF, images, audio mp3/m4a/wav/ogg, Word/Excel/PowerPoint; type from the content; documents and images at most 20 MB, audio 50 MB)';

    app.get(
      '/classes/:classId/materials',
      {
        schema: {
          tags: ['materials'],
          summary:
            "A class's materials, its lessons' included, newest first (whoever sees the class)",
          params: classParams,
          response: { 200: materialListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { classId } = request.params;
        const visible = await visibleClasses(db, viewer)
          .select('c.class_id')
          .where('c.class_id', '=', classId)
          .executeTakeFirst();
        if (!visible) throw await unseenRecordError(db, 'class', classId);
        const rows = await materialsFor(db, viewer)
          .where('m.class_id', '=', classId)
          .orderBy('m.created_at', 'desc')
          .orderBy('m.material_id', 'desc')
          .execute();
        return { items: rows.map((row) => toMaterialDto(row, viewer)) };
      },
    );

    app.get(
      '/schedules/:scheduleId/materials',
      {
        schema: {
          tags: ['materials'],
          summary:
            "A lesson's materials, newest first (whoever sees its class, and its substitute)",
          params: lessonParams,
          response: { 200: materialListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { scheduleId } = request.params;
        const lesson = await db
          .selectFrom('schedules as s')
          .select(['s.class_id', 's.substitute_teacher_id'])
          .where('s.schedule_id', '=', scheduleId)
          .where('s.class_id', 'in', visibleClasses(db, viewer).select('c.class_id'))
          .executeTakeFirst();
        const substitute =
          !lesson && viewer.role === 'teacher'
            ? await db
                .selectFrom('schedules as s')
                .innerJoin('classes as c', 'c.class_id', 's.class_id')
                .select('s.schedule_id')
                .where('s.schedule_id', '=', scheduleId)
                .where('c.is_active', '=', true)
                .where('s.substitute_teacher_id', '=', viewer.user_id)
                .executeTakeFirst()
            : undefined;
        if (!lesson && !substitute) throw await unseenRecordError(db, 'schedule', scheduleId);
        const rows = await materialsFor(db, viewer)
          .where('m.schedule_id', '=', scheduleId)
          .orderBy('m.created_at', 'desc')
          .orderBy('m.material_id', 'desc')
          .execute();
        return { items: rows.map((row) => toMaterialDto(row, viewer)) };
      },
    );

    app.post(
      '/classes/:classId/materials',
      {
        schema: {
          tags: ['materials'],
          summary: `Attach a file to a class (its teacher, admin, staff); ${uploadSummary}`,
          consumes: ['multipart/form-data'],
          params: classParams,
          response: { 201: addedReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'manage_materials');
        const place = await classToAttachTo(db, viewer, request.params.classId);
        const added = await receiveFile(request, viewer, place);
        return reply.code(201).send({ ...added, code: 'MATERIAL_ADDED' as const });
      },
    );

    app.post(
      '/schedules/:scheduleId/materials',
      {
        schema: {
          tags: ['materials'],
          summary: `Attach a file to a lesson (its class's teacher, its substitute, admin, staff); ${uploadSummary}`,
          consumes: ['multipart/form-data'],
          params: lessonParams,
          response: { 201: addedReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'manage_materials');
        const place = await lessonToAttachTo(db, viewer, request.params.scheduleId);
        const added = await receiveFile(request, viewer, place);
        return reply.code(201).send({ ...added, code: 'MATERIAL_ADDED' as const });
      },
    );

    app.post(
      '/classes/:classId/material-links',
      {
        schema: {
          tags: ['materials'],
          summary:
            'Attach a link (http or https, with a title) to a class (its teacher, admin, staff)',
          params: classParams,
          body: materialLinkInput,
          response: { 201: addedReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'manage_materials');
        const place = await classToAttachTo(db, viewer, request.params.classId);
        const added = await addLink(viewer, place, request.body);
        return reply.code(201).send({ ...added, code: 'MATERIAL_ADDED' as const });
      },
    );

    app.post(
      '/schedules/:scheduleId/material-links',
      {
        schema: {
          tags: ['materials'],
          summary:
            "Attach a link (http or https, with a title) to a lesson (its class's teacher, its substitute, admin, staff)",
          params: lessonParams,
          body: materialLinkInput,
          response: { 201: addedReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const viewer = userWithPermission(request, 'manage_materials');
        const place = await lessonToAttachTo(db, viewer, request.params.scheduleId);
        const added = await addLink(viewer, place, request.body);
        return reply.code(201).send({ ...added, code: 'MATERIAL_ADDED' as const });
      },
    );

    app.delete(
      '/materials/:materialId',
      {
        schema: {
          tags: ['materials'],
          summary: 'Delete a material and its file (whoever attached it, admin, staff)',
          params: materialParams,
          response: { 200: noticeSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = userWithPermission(request, 'manage_materials');
        const row = await readOne(viewer, request.params.materialId);
        if (!canDeleteMaterial(viewer, row)) throw new AppError('MATERIAL_DELETE_FORBIDDEN');
        const deleted = await db.transaction().execute(async (trx) => {
          const gone = await trx
            .deleteFrom('class_materials')
            .where('material_id', '=', row.material_id)
            .executeTakeFirst();
          if (Number(gone.numDeletedRows) > 0) {
            await recordAudit(trx, {
              action: 'material.remove',
              recordType: 'class',
              recordId: row.class_id,
              before: materialFields(row),
              after: null,
            });
          }
          return gone;
        });
        if (row.kind === 'file' && Number(deleted.numDeletedRows) > 0) {
          await store.remove(row.material_id);
        }
        return { code: 'MATERIAL_DELETED' as const };
      },
    );

    app.get(
      '/materials/:materialId/file',
      {
        schema: {
          tags: ['materials'],
          summary:
            "A material's file, with its type and original name (whoever sees its class, the lesson's substitute); byte ranges",
          params: materialParams,
          response: errorReplies,
        },
      },
      async (request, reply) => {
        const viewer = currentUser(request);
        const row = await readOne(viewer, request.params.materialId);
        if (row.kind !== 'file') throw new AppError('NOT_FOUND');
        const size = Number(row.size ?? 0);
        // Its bytes lost (a data folder restored without them, a store switched since): a 404
        // said before any header, never a reply cut short.
        if (size > 0 && !(await store.has(row.material_id))) {
          request.log.warn({ materialId: row.material_id }, 'material bytes missing');
          throw new AppError('NOT_FOUND');
        }
        const range = byteRange(request.headers.range, size);
        return sendMaterialFile(reply, store, row, size, range);
      },
    );

    app.get(
      '/library',
      {
        schema: {
          tags: ['materials'],
          summary:
            "The Library: the materials of the viewer's classes (a student's, a parent's children's, a teacher's), newest first; accent-insensitive search, filter by class",
          querystring: z.object({
            q: searchQuery,
            class_id: idParam.optional(),
            page: pageQuery,
          }),
          response: { 200: libraryPageSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = userWithPermission(request, 'view_library');
        const { q, class_id, page } = request.query;
        let query = materialsFor(db, viewer);
        if (class_id) query = query.where('m.class_id', '=', class_id);
        if (q) query = query.where(containsFolded(sql.ref<string>('m.search_title'), q));
        const [rows, count, classes] = await Promise.all([
          query
            .orderBy('m.created_at', 'desc')
            .orderBy('m.material_id', 'desc')
            .limit(LIBRARY_PAGE_SIZE)
            .offset((page - 1) * LIBRARY_PAGE_SIZE)
            .execute(),
          query
            .clearSelect()
            .select((eb) => eb.fn.countAll<number | string>().as('total'))
            .executeTakeFirstOrThrow(),
          visibleClasses(db, viewer)
            .select(['c.class_id', 'c.class_name'])
            .orderBy('c.search_name')
            .limit(500)
            .execute(),
        ]);
        return {
          items: rows.map((row) => toMaterialDto(row, viewer)),
          total: Number(count.total),
          page,
          pageSize: LIBRARY_PAGE_SIZE,
          classes,
        };
      },
    );
  };
