// The audit log's routes (issue 30, docs/decisions/041-audit-log.md), the admin's alone
// (view_audit_log): the filtered list, its export (CSV or .xlsx), one record's own history, and
// how long entries are kept. No route edits or deletes an entry.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_RECORD_TYPES,
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  type AuditEntryDto,
  auditListSchema,
} from '#common/audit.ts';
import { closedDate } from '#common/closed-days.ts';
import { codes } from '#common/messages.ts';
import { noticeShape } from '#common/notice.ts';
import { errorReplies, idParam, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { localDate, localDateTimeText } from '#server/lib/center-time.ts';
import { type DocumentTextKey, documentText, languageOf } from '#server/lib/document-texts.ts';
import { attachment, csvFile, xlsxFile } from '#server/lib/spreadsheet.ts';
import { retentionDays } from './prune.ts';
import { type AuditFilter, exportAudit, listAudit } from './queries.ts';

const recordType = z.enum(AUDIT_RECORD_TYPES, { error: codes.VALIDATION });

const filterQuery = z.object({
  actor: idParam.optional(),
  person: idParam.optional(),
  record_type: recordType.optional(),
  record_id: z.string().max(200, codes.VALIDATION).optional(),
  from: closedDate(codes.VALIDATION).optional(),
  to: closedDate(codes.VALIDATION).optional(),
});
type FilterQuery = z.infer<typeof filterQuery>;

const retentionSchema = z.object({ days: z.number() });
const retentionInput = z.object({
  days: z
    .number({ error: codes.VALIDATION })
    .int(codes.VALIDATION)
    .min(AUDIT_RETENTION_MIN_DAYS, codes.VALIDATION)
    .max(AUDIT_RETENTION_MAX_DAYS, codes.VALIDATION),
});

function filterOf(query: FilterQuery): AuditFilter {
  if (query.from && query.to && query.to < query.from) {
    throw new AppError('VALIDATION', { field: 'to' });
  }
  return {
    actor: query.actor,
    person: query.person,
    recordType: query.record_type,
    recordId: query.record_id,
    from: query.from,
    to: query.to,
  };
}

/** A change as one cell: 'field: before → after', one per line; a secret only as changed. */
function changesText(entry: AuditEntryDto, secret: string): string {
  const value = (v: unknown) =>
    v === null || v === undefined ? '–' : typeof v === 'string' ? v : JSON.stringify(v);
  return Object.entries(entry.changes)
    .map(([field, change]) =>
      'secret' in change
        ? `${field}: ${secret}`
        : `${field}: ${value(change.before)} → ${value(change.after)}`,
    )
    .join('\n');
}

export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const zone = ctx.config.centerTimezone;

    app.get(
      '/audit',
      {
        schema: {
          tags: ['audit'],
          summary:
            'The audit log, newest first, filtered by who, kind of record, record and center-local dates (admin)',
          querystring: filterQuery.extend({ page: pageQuery }),
          response: { 200: auditListSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'view_audit_log');
        return listAudit(db, filterOf(request.query), zone, request.query.page);
      },
    );

    app.get(
      '/audit/export',
      {
        schema: {
          tags: ['audit'],
          summary: 'The filtered audit log as CSV (UTF-8 with BOM) or .xlsx (admin)',
          querystring: filterQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
          response: { 200: z.any(), ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'view_audit_log');
        const entries = await exportAudit(db, filterOf(request.query), zone);
        const language = languageOf(actor.language);
        const text = (key: DocumentTextKey, params?: Record<string, string>) =>
          documentText(language, key, params);
        const table = [
          [
            text('audit.at'),
            text('audit.actor'),
            text('audit.ip'),
            text('audit.action'),
            text('audit.recordType'),
            text('audit.recordId'),
            text('audit.changes'),
          ],
          ...entries.map((entry) => [
            localDateTimeText(new Date(entry.at), zone),
            entry.actor_name ?? text('audit.system'),
            entry.actor_ip ?? '',
            entry.action,
            entry.record_type,
            entry.record_id,
            changesText(entry, text('audit.secret')),
          ]),
        ];
        const name = text('audit.fileName', { date: localDate(ctx.clock.now(), zone) });
        reply.serializer((payload: unknown) => payload as string);
        if (request.query.format === 'xlsx') {
          reply
            .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('content-disposition', attachment(`${name}.xlsx`));
          return xlsxFile(table, name, { firstColumnWidth: 18 });
        }
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(`${name}.csv`));
        return csvFile(table);
      },
    );

    app.get(
      '/audit/records/:type/:id',
      {
        schema: {
          tags: ['audit'],
          summary: "One record's own history, newest first (admin)",
          params: z.object({
            type: z.enum(AUDIT_RECORD_TYPES, { error: codes.NOT_FOUND }),
            id: z.string().min(1).max(200, codes.NOT_FOUND),
          }),
          querystring: z.object({ page: pageQuery }),
          response: { 200: auditListSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'view_audit_log');
        const { type, id } = request.params;
        const recordType = type === 'lesson' ? ['lesson', 'attendance'] : type;
        return listAudit(db, { recordType, recordId: id }, zone, request.query.page);
      },
    );

    app.get(
      '/audit/retention',
      {
        schema: {
          tags: ['audit'],
          summary: 'How many days audit entries are kept (admin)',
          response: { 200: retentionSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'view_audit_log');
        return { days: await retentionDays(ctx) };
      },
    );

    app.put(
      '/audit/retention',
      {
        schema: {
          tags: ['audit'],
          summary:
            'Set how many days audit entries are kept, 30 to 3650 (admin); the change is itself recorded',
          body: retentionInput,
          response: { 200: retentionSchema.extend(noticeShape), ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const { days } = request.body;
        await db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('center_settings')
            .select(['id', 'audit_retention_days'])
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('center_settings')
            .set({ audit_retention_days: days })
            .where('id', '=', before.id)
            .execute();
          await recordAudit(trx, {
            action: 'settings.update',
            recordType: 'settings',
            recordId: 'audit',
            before: { audit_retention_days: Number(before.audit_retention_days) },
            after: { audit_retention_days: days },
          });
        });
        return { days, code: 'AUDIT_RETENTION_SAVED' as const };
      },
    );
  };
