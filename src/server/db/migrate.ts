// Applies pending migrations at start-up, on either database.
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { DatabaseHandle, Dialect } from './connection.ts';
import { initialMigration } from './migrations/001-initial.ts';
import { idempotencyKeysMigration } from './migrations/002-idempotency-keys.ts';
import { scheduleListIndexesMigration } from './migrations/003-schedule-list-indexes.ts';
import { loginAttemptsMigration } from './migrations/004-login-attempts.ts';
import { listPageIndexesMigration } from './migrations/005-list-page-indexes.ts';
import { lessonSeriesMigration } from './migrations/006-lesson-series.ts';
import { calendarFeedsMigration } from './migrations/007-calendar-feeds.ts';
import { notificationsMigration } from './migrations/008-notifications.ts';
import { attendanceCorrectionsMigration } from './migrations/009-attendance-corrections.ts';
import { userLanguageMigration } from './migrations/010-user-language.ts';
import { lessonMeetingsMigration } from './migrations/011-lesson-meetings.ts';
import { storedFilesMigration } from './migrations/012-stored-files.ts';
import { idempotentResultsMigration } from './migrations/013-idempotent-results.ts';
import { classEnrolmentHistoryMigration } from './migrations/014-class-enrolment-history.ts';
import { searchNamesMigration } from './migrations/015-search-names.ts';
import { roomsAndLinksMigration } from './migrations/016-rooms-and-links.ts';
import { movedAndCancelledLessonsMigration } from './migrations/017-moved-and-cancelled-lessons.ts';
import { handAttendanceMigration } from './migrations/018-hand-attendance.ts';
import { closedDaysMigration } from './migrations/019-closed-days.ts';
import { providerSettingsMigration } from './migrations/020-provider-settings.ts';
import { settingsCardsMigration } from './migrations/021-settings-cards.ts';
import { phoneNumbersMigration } from './migrations/022-phone-numbers.ts';
import { tuitionLedgerMigration } from './migrations/023-tuition-ledger.ts';
import { invoicesMigration } from './migrations/024-invoices.ts';
import { bankAccountMigration } from './migrations/025-bank-account.ts';
import { bankTransfersMigration } from './migrations/026-bank-transfers.ts';
import { debtIndexesMigration } from './migrations/027-debt-indexes.ts';
import { invoiceAmountsMigration } from './migrations/028-invoice-amounts.ts';
import { lessonSubstitutesMigration } from './migrations/029-lesson-substitutes.ts';
import { makeupCreditsMigration } from './migrations/030-makeup-credits.ts';
import { teacherPayMigration } from './migrations/031-teacher-pay.ts';
import { lessonRecordingsMigration } from './migrations/032-lesson-recordings.ts';
import { participantsReportMigration } from './migrations/033-participants-report.ts';
import { parentsMigration } from './migrations/034-parents.ts';
import { lessonReportsMigration } from './migrations/036-lesson-reports.ts';
import { classMaterialsMigration } from './migrations/037-class-materials.ts';
import { emailMigration } from './migrations/038-email.ts';
import { passwordResetsMigration } from './migrations/039-password-resets.ts';
import { auditLogMigration } from './migrations/040-audit-log.ts';
import { backupsMigration } from './migrations/041-backups.ts';
import { hashedCalendarFeedsMigration } from './migrations/042-hashed-calendar-feeds.ts';
import { idempotencyRequestMigration } from './migrations/043-idempotency-request.ts';
import { ledgerReversalIndexMigration } from './migrations/044-ledger-reversal-index.ts';
import { partialIndexesMigration } from './migrations/045-partial-indexes.ts';
import { searchTrigramsMigration } from './migrations/046-search-trigrams.ts';
import { debtSummaryMigration } from './migrations/048-debt-summary.ts';

/** Numbered migrations, in order. Add new ones at the end; never edit a released one. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
    '002-idempotency-keys': idempotencyKeysMigration(dialect),
    '003-schedule-list-indexes': scheduleListIndexesMigration,
    '004-login-attempts': loginAttemptsMigration(dialect),
    '005-list-page-indexes': listPageIndexesMigration,
    '006-lesson-series': lessonSeriesMigration,
    '007-calendar-feeds': calendarFeedsMigration(dialect),
    '008-notifications': notificationsMigration(dialect),
    '009-attendance-corrections': attendanceCorrectionsMigration(dialect),
    '010-user-language': userLanguageMigration,
    '011-lesson-meetings': lessonMeetingsMigration(dialect),
    '012-stored-files': storedFilesMigration(dialect),
    '013-idempotent-results': idempotentResultsMigration,
    '014-class-enrolment-history': classEnrolmentHistoryMigration(dialect),
    '015-search-names': searchNamesMigration,
    '016-rooms-and-links': roomsAndLinksMigration(dialect),
    '017-moved-and-cancelled-lessons': movedAndCancelledLessonsMigration(dialect),
    '018-hand-attendance': handAttendanceMigration(dialect),
    '019-closed-days': closedDaysMigration(dialect),
    '020-provider-settings': providerSettingsMigration(dialect),
    '021-settings-cards': settingsCardsMigration(dialect),
    '022-phone-numbers': phoneNumbersMigration,
    '023-tuition-ledger': tuitionLedgerMigration(dialect),
    '024-invoices': invoicesMigration(dialect),
    '025-bank-account': bankAccountMigration,
    '026-bank-transfers': bankTransfersMigration(dialect),
    '027-debt-indexes': debtIndexesMigration(),
    '028-invoice-amounts': invoiceAmountsMigration(dialect),
    '029-lesson-substitutes': lessonSubstitutesMigration(),
    '030-makeup-credits': makeupCreditsMigration(dialect),
    '031-teacher-pay': teacherPayMigration(dialect),
    '032-lesson-recordings': lessonRecordingsMigration(dialect),
    '033-participants-report': participantsReportMigration(dialect),
    '034-parents': parentsMigration(dialect),
    '036-lesson-reports': lessonReportsMigration(dialect),
    '037-class-materials': classMaterialsMigration(dialect),
    '038-email': emailMigration(dialect),
    '039-password-resets': passwordResetsMigration(dialect),
    '040-audit-log': auditLogMigration(dialect),
    '041-backups': backupsMigration(dialect),
    '042-hashed-calendar-feeds': hashedCalendarFeedsMigration(),
    '043-idempotency-request': idempotencyRequestMigration(),
    '044-ledger-reversal-index': ledgerReversalIndexMigration(),
    '045-partial-indexes': partialIndexesMigration(),
    '046-search-trigrams': searchTrigramsMigration(dialect),
    '048-debt-summary': debtSummaryMigration(dialect),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((result) => result.migrationName);
}
