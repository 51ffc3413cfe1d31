// The center's closed days (holidays): one row per calendar date with its name, the proposals of
// Vietnam's public holidays, and what adding days tells about the lessons already on them.
import { z } from 'zod';
import { isRealDate } from './fields.ts';
import { lessonSchema } from './lessons.ts';
import { codes, type MessageCode } from './messages.ts';
import { noticeShape } from './notice.ts';

/** Most days one request adds (a long Tết with its weekends fits). */
export const CLOSED_DAYS_MAX_RANGE = 31;
export const CLOSED_DAY_MAX_NAME_LENGTH = 100;

/** Vietnam's public holidays (Labour Code 2019, art. 112) the calendar proposes. */
export const VIETNAM_HOLIDAYS = [
  'new_year',
  'lunar_new_year',
  'hung_kings',
  'reunification_day',
  'labour_day',
  'national_day',
] as const;
export type VietnamHoliday = (typeof VIETNAM_HOLIDAYS)[number];

/** A calendar date, YYYY-MM-DD, in the center's time zone. */
export const closedDate = (code: MessageCode) => z.string({ error: code }).refine(isRealDate, code);

export const closedDaySchema = z.object({
  date: z.string(),
  name: z.string(),
});
export type ClosedDayDto = z.infer<typeof closedDaySchema>;

export const closedDayListSchema = z.object({ items: z.array(closedDaySchema) });
export type ClosedDayListDto = z.infer<typeof closedDayListSchema>;

const closedDayName = z
  .string({ error: codes.CLOSED_DAY_NAME_REQUIRED })
  .trim()
  .min(1, codes.CLOSED_DAY_NAME_REQUIRED)
  .max(CLOSED_DAY_MAX_NAME_LENGTH, codes.CLOSED_DAY_NAME_TOO_LONG);

const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** One day (no `to_date`) or every day from `from_date` to `to_date`, all with one name. */
export const addClosedDaysInput = z
  .object({
    name: closedDayName,
    from_date: closedDate(codes.CLOSED_DAY_DATE_REQUIRED),
    to_date: closedDate(codes.CLOSED_DAY_DATE_REQUIRED).nullish(),
  })
  .refine((value) => value.to_date == null || value.to_date >= value.from_date, {
    message: codes.CLOSED_DAYS_RANGE_ORDER,
    path: ['to_date'],
  })
  .refine(
    (value) =>
      value.to_date == null ||
      value.to_date < value.from_date ||
      spanDays(value.from_date, value.to_date) <= CLOSED_DAYS_MAX_RANGE,
    { message: codes.CLOSED_DAYS_RANGE_TOO_LONG, path: ['to_date'] },
  );
export type AddClosedDaysInput = z.infer<typeof addClosedDaysInput>;

export const renameClosedDayInput = z.object({ name: closedDayName });
export type RenameClosedDayInput = z.infer<typeof renameClosedDayInput>;

/** The days added, and the lessons already planned on them (to cancel or move). */
export const closedDaysAddedSchema = z.object({
  days: z.array(closedDaySchema),
  lessons: z.array(lessonSchema),
  ...noticeShape,
});
export type ClosedDaysAddedDto = z.infer<typeof closedDaysAddedSchema>;

export const closedDayLessonsSchema = z.object({ items: z.array(lessonSchema) });

/**
 * A public holiday's days not yet on the calendar, as one run of consecutive dates (a holiday
 * partly added already is proposed as the runs it still lacks). The web names it in the reader's
 * language; the person adding it may rename it and change its dates first.
 */
export const holidayProposalSchema = z.object({
  holiday: z.enum(VIETNAM_HOLIDAYS),
  year: z.number(),
  from_date: z.string(),
  to_date: z.string(),
});
export type HolidayProposalDto = z.infer<typeof holidayProposalSchema>;
export const holidayProposalsSchema = z.object({ items: z.array(holidayProposalSchema) });
