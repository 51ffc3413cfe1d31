// Bulk import and export of accounts (admin and staff within their roles of product.md §6): a file
// is read into a table, the user maps its columns, the rows are previewed with a verdict each, then
// imported in one transaction; each role's list is exported as CSV or .xlsx.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canManageRole, createsAccounts } from '#common/permissions.ts';
import { formatPhone } from '#common/phone.ts';
import {
  importPreviewSchema,
  importResultSchema,
  importRowsInput,
  importTableSchema,
} from '#common/user-import.ts';
import { roleSchema } from '#common/users.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { assertMayExport } from '#server/features/center-settings/index.ts';
import { readUploadedFile } from '#server/features/files/index.ts';
import { localDate } from '#server/lib/center-time.ts';
import { type DocumentTextKey, documentText, languageOf } from '#server/lib/document-texts.ts';
import { idempotencyKeyOf } from '#server/lib/operations/idempotent.ts';
import { attachment, csvFile, xlsxFile } from '#server/lib/spreadsheet.ts';
import { importAccounts } from './import-accounts.ts';
import { previewImport } from './preview-import.ts';
import { readTable } from './read-table.ts';

/** The largest file read (5,000 rows of a few columns are well under 1 MB). */
const MAX_IMPORT_FILE_BYTES = 5 * 1_048_576;
export const bulkUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    /** Whoever creates accounts (admin and staff, by the permission table). */
    const importer = (request: Parameters<typeof currentUser>[0]) => {
      const actor = currentUser(request);
      if (!createsAccounts(actor.role)) throw new AppError('USER_CREATE_FORBIDDEN');
      return actor;
    };

    app.post(
      '/users/import/read',
      {
        schema: {
          tags: ['users'],
          summary: 'Read a CSV or .xlsx file (multipart `file`) into a header row and rows',
          response: { 200: importTableSchema, ...errorReplies },
        },
      },
      async (request) => {
        importer(request);
        const bytes = await readUploadedFile(request, {
          maxBytes: MAX_IMPORT_FILE_BYTES,
          tooLarge: 'PAYLOAD_TOO_LARGE',
          missing: 'IMPORT_FILE_REQUIRED',
          notMultipart: new AppError('IMPORT_FILE_REQUIRED', { field: 'file' }),
        });
        return readTable(bytes);
      },
    );

    app.post(
      '/users/import/preview',
      {
        bodyLimit: 8 * 1_048_576,
        schema: {
          tags: ['users'],
          summary:
            "Each mapped row's verdict (new, reactivated, already active, invalid, duplicate); nothing is written",
          body: importRowsInput,
          response: { 200: importPreviewSchema, ...errorReplies },
        },
      },
      async (request) => previewImport(ctx, importer(request), request.body),
    );

    app.post(
      '/users/import',
      {
        bodyLimit: 8 * 1_048_576,
        schema: {
          tags: ['users'],
          summary:
            'Import the mapped rows in one transaction (Idempotency-Key); first passwords returned once',
          body: importRowsInput,
          response: { 200: importResultSchema, ...errorReplies },
        },
      },
      async (request) => {
        const result = await importAccounts(ctx, importer(request), {
          mapped: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        });
        return {
          ...result,
          code: 'IMPORT_DONE' as const,
          params: {
            created: String(result.created),
            reactivated: String(result.reactivated),
            skipped: String(result.skipped),
          },
        };
      },
    );

    app.get(
      '/users/export',
      {
        schema: {
          tags: ['users'],
          summary:
            "One role's active accounts (name, email, phone, username, status, created) as CSV (UTF-8 with BOM) or .xlsx",
          querystring: z.object({
            role: roleSchema,
            format: z.enum(['csv', 'xlsx']).default('csv'),
          }),
          response: { 200: z.any(), ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const { role, format } = request.query;
        if (!canManageRole(actor.role, role)) throw new AppError('FORBIDDEN');
        await assertMayExport(db, actor);
        const users = await db
          .selectFrom('users')
          .select(['full_name', 'email', 'phone', 'username', 'is_active', 'created_at'])
          .where('role', '=', role)
          .where('is_active', '=', true)
          .orderBy('created_at', 'desc')
          .orderBy('user_id')
          .execute();
        const zone = ctx.config.centerTimezone;
        const language = languageOf(actor.language);
        const text = (key: DocumentTextKey) => documentText(language, key);
        const table = [
          [
            text('users.number'),
            text('users.fullName'),
            text('users.email'),
            text('users.phone'),
            text('users.username'),
            text('users.status'),
            text('users.createdAt'),
          ],
          ...users.map((user, index) => [
            String(index + 1),
            user.full_name,
            user.email,
            // As people read it ('0912 345 678'); a number kept as typed, as it is.
            user.phone ? formatPhone(user.phone) : '',
            user.username,
            text(toBool(user.is_active) ? 'users.active' : 'users.inactive'),
            localDate(new Date(user.created_at), zone),
          ]),
        ];
        const sheet = text(`users.fileName.${role}`);
        const name = `${sheet}-${localDate(ctx.clock.now(), zone)}`;
        reply.serializer((payload: unknown) => payload as string);
        if (format === 'xlsx') {
          reply
            .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('content-disposition', attachment(`${name}.xlsx`));
          return xlsxFile(table, sheet);
        }
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(`${name}.csv`));
        return csvFile(table);
      },
    );
  };
