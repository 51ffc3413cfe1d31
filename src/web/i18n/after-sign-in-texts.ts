// The catalogue's parts for the pages after sign-in (accounts, settings, classes, lessons, the video
// provider's host accounts), in Vietnamese: not in the login page's first download.
import { attendanceTexts } from './attendance.ts';
import { attendanceRecordTexts } from './attendance-record.ts';
import { classTexts } from './classes.ts';
import { closedDayTexts } from './closed-days.ts';
import { comingSoonTexts } from './coming-soon.ts';
import { formTexts } from './forms.ts';
import { hostAccountTexts } from './host-accounts.ts';
import { importTexts } from './import.ts';
import { lessonChangeTexts } from './lesson-changes.ts';
import { lessonSeriesTexts } from './lesson-series.ts';
import { lessonTexts } from './lessons.ts';
import { scheduleTexts } from './schedules.ts';
import { searchTexts } from './search.ts';
import { settingsTexts } from './settings.ts';
import { themeTexts } from './themes.ts';
import { userTexts } from './users.ts';
import { venueTexts } from './venues.ts';

export const afterSignInParts = [
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
  closedDayTexts,
  formTexts,
  scheduleTexts,
] as const;
