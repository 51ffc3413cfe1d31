// The catalogue's parts for the pages after sign-in (accounts, settings, classes, lessons, the video
// provider's host accounts), in Vietnamese: not in the login page's first download.
import { attendanceTexts } from './attendance.ts';
import { attendanceRecordTexts } from './attendance-record.ts';
import { auditTexts } from './audit.ts';
import { auditMoneyTexts } from './audit-money.ts';
import { backupTexts } from './backups.ts';
import { bankTexts } from './bank.ts';
import { bankAccountTexts } from './bank-account.ts';
import { calendarFeedTexts } from './calendar-feed.ts';
import { classTexts } from './classes.ts';
import { closedDayTexts } from './closed-days.ts';
import { comingSoonTexts } from './coming-soon.ts';
import { debtTexts } from './debts.ts';
import { emailTexts } from './email.ts';
import { familyTexts } from './family.ts';
import { formTexts } from './forms.ts';
import { hostAccountTexts } from './host-accounts.ts';
import { importTexts } from './import.ts';
import { invoiceTexts } from './invoices.ts';
import { lessonChangeTexts } from './lesson-changes.ts';
import { lessonReportTexts } from './lesson-reports.ts';
import { lessonSeriesTexts } from './lesson-series.ts';
import { lessonTexts } from './lessons.ts';
import { makeupTexts } from './makeups.ts';
import { materialTexts } from './materials.ts';
import { notificationTypeTexts } from './notification-types.ts';
import { parentTexts } from './parents.ts';
import { peopleTexts } from './people.ts';
import { providerSetupTexts } from './provider-setup.ts';
import { recordingTexts } from './recordings.ts';
import { scheduleTexts } from './schedules.ts';
import { searchTexts } from './search.ts';
import { featureServerMessageTexts } from './server-feature-messages.ts';
import { settingsTexts } from './settings.ts';
import { settingsCardTexts } from './settings-cards.ts';
import { substituteTexts } from './substitutes.ts';
import { teacherPayTexts } from './teacher-pay.ts';
import { themeTexts } from './themes.ts';
import { tuitionTexts } from './tuition.ts';
import { userTexts } from './users.ts';
import { venueTexts } from './venues.ts';

export const afterSignInParts = [
  calendarFeedTexts,
  notificationTypeTexts,
  userTexts,
  importTexts,
  themeTexts,
  settingsTexts,
  comingSoonTexts,
  classTexts,
  lessonTexts,
  lessonSeriesTexts,
  hostAccountTexts,
  attendanceTexts,
  searchTexts,
  attendanceRecordTexts,
  venueTexts,
  lessonChangeTexts,
  substituteTexts,
  closedDayTexts,
  formTexts,
  scheduleTexts,
  providerSetupTexts,
  peopleTexts,
  settingsCardTexts,
  tuitionTexts,
  bankAccountTexts,
  bankTexts,
  debtTexts,
  auditTexts,
  invoiceTexts,
  recordingTexts,
  teacherPayTexts,
  makeupTexts,
  lessonReportTexts,
  familyTexts,
  emailTexts,
  parentTexts,
  materialTexts,
  backupTexts,
  auditMoneyTexts,
  // The features' own server codes (the video provider, venues, tuition)
  featureServerMessageTexts,
] as const;
