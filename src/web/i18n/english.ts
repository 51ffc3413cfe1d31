// Every part of the catalogue in English, each beside its Vietnamese (<feature>.en.ts). Loaded only
// for users who chose English, before the app starts (main.tsx).
import { attendanceTextsEn } from './attendance.en.ts';
import { attendanceRecordTextsEn } from './attendance-record.en.ts';
import { auditTextsEn } from './audit.en.ts';
import { auditMoneyTextsEn } from './audit-money.en.ts';
import { backupTextsEn } from './backups.en.ts';
import { bankTextsEn } from './bank.en.ts';
import { bankAccountTextsEn } from './bank-account.en.ts';
import { calendarFeedTextsEn } from './calendar-feed.en.ts';
import { classTextsEn } from './classes.en.ts';
import { closedDayTextsEn } from './closed-days.en.ts';
import { comingSoonTextsEn } from './coming-soon.en.ts';
import { debtTextsEn } from './debts.en.ts';
import { emailTextsEn } from './email.en.ts';
import { familyTextsEn } from './family.en.ts';
import { formTextsEn } from './forms.en.ts';
import { hostAccountTextsEn } from './host-accounts.en.ts';
import { importTextsEn } from './import.en.ts';
import { invoiceTextsEn } from './invoices.en.ts';
import { lessonChangeTextsEn } from './lesson-changes.en.ts';
import { lessonReportTextsEn } from './lesson-reports.en.ts';
import { lessonSeriesTextsEn } from './lesson-series.en.ts';
import { lessonTextsEn } from './lessons.en.ts';
import { makeupTextsEn } from './makeups.en.ts';
import { materialTextsEn } from './materials.en.ts';
import { meetingErrorTextsEn } from './meeting-errors.en.ts';
import { notificationTextsEn } from './notifications.en.ts';
import { parentTextsEn } from './parents.en.ts';
import { peopleTextsEn } from './people.en.ts';
import { profileTextsEn } from './profile.en.ts';
import { providerSetupTextsEn } from './provider-setup.en.ts';
import { recordingTextsEn } from './recordings.en.ts';
import { scheduleTextsEn } from './schedules.en.ts';
import { searchTextsEn } from './search.en.ts';
import { serverMessageTextsEn } from './server-messages.en.ts';
import { settingsTextsEn } from './settings.en.ts';
import { settingsCardTextsEn } from './settings-cards.en.ts';
import { shellTextsEn } from './shell.en.ts';
import { substituteTextsEn } from './substitutes.en.ts';
import { teacherPayTextsEn } from './teacher-pay.en.ts';
import { themeTextsEn } from './themes.en.ts';
import { tuitionTextsEn } from './tuition.en.ts';
import { userTextsEn } from './users.en.ts';
import { venueTextsEn } from './venues.en.ts';

export const english = Object.assign(
  {},
  serverMessageTextsEn,
  shellTextsEn,
  meetingErrorTextsEn,
  profileTextsEn,
  calendarFeedTextsEn,
  notificationTextsEn,
  userTextsEn,
  importTextsEn,
  themeTextsEn,
  settingsTextsEn,
  comingSoonTextsEn,
  classTextsEn,
  lessonTextsEn,
  lessonSeriesTextsEn,
  hostAccountTextsEn,
  attendanceTextsEn,
  searchTextsEn,
  attendanceRecordTextsEn,
  venueTextsEn,
  lessonChangeTextsEn,
  substituteTextsEn,
  closedDayTextsEn,
  formTextsEn,
  scheduleTextsEn,
  providerSetupTextsEn,
  peopleTextsEn,
  settingsCardTextsEn,
  tuitionTextsEn,
  bankAccountTextsEn,
  bankTextsEn,
  debtTextsEn,
  auditTextsEn,
  invoiceTextsEn,
  recordingTextsEn,
  teacherPayTextsEn,
  makeupTextsEn,
  lessonReportTextsEn,
  familyTextsEn,
  emailTextsEn,
  parentTextsEn,
  materialTextsEn,
  backupTextsEn,
  auditMoneyTextsEn,
);
