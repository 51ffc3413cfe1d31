// The Vietnamese lunar calendar (âm lịch), computed: Hồ Ngọc Đức's conversion, the one Vietnamese
// calendars print, with astronomical new moons and solar terms (Jean Meeus, "Astronomical
// Algorithms") reckoned at UTC+7. Vietnam's lunar holidays (Tết, Giỗ Tổ Hùng Vương) are placed by
// it, so no table of dates has to be typed in and kept up to date.
// Valid for 1900–2199 (the range of the dates the app takes).

/** Vietnam's time zone, in hours: the calendar is reckoned there (China's differs some years). */
const TIME_ZONE = 7;
const { floor, sin, PI } = Math;

/** Julian day number of a Gregorian date. */
function julianDay(day: number, month: number, year: number): number {
  const a = floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return (
    day +
    floor((153 * m + 2) / 5) +
    365 * y +
    floor(y / 4) -
    floor(y / 100) +
    floor(y / 400) -
    32045
  );
}

/** The Gregorian date (YYYY-MM-DD) of a Julian day number. */
function dateOfJulianDay(jd: number): string {
  const a = jd + 32044;
  const b = floor((4 * a + 3) / 146097);
  const c = a - floor((146097 * b) / 4);
  const d = floor((4 * c + 3) / 1461);
  const e = c - floor((1461 * d) / 4);
  const m = floor((5 * e + 2) / 153);
  const day = e - floor((153 * m + 2) / 5) + 1;
  const month = m + 3 - 12 * floor(m / 10);
  const year = 100 * b + d - 4800 + floor(m / 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The Julian day (with its fraction, UTC) of the k-th new moon after 1 January 1900. */
function newMoon(k: number): number {
  const T = k / 1236.85;
  const T2 = T * T;
  const T3 = T2 * T;
  const dr = PI / 180;
  let jd = 2415020.75933 + 29.53058868 * k + 0.0001178 * T2 - 0.000000155 * T3;
  jd += 0.00033 * sin((166.56 + 132.87 * T - 0.009173 * T2) * dr);
  const M = 359.2242 + 29.10535608 * k - 0.0000333 * T2 - 0.00000347 * T3;
  const Mpr = 306.0253 + 385.81691806 * k + 0.0107306 * T2 + 0.00001236 * T3;
  const F = 21.2964 + 390.67050646 * k - 0.0016528 * T2 - 0.00000239 * T3;
  let C1 = (0.1734 - 0.000393 * T) * sin(M * dr) + 0.0021 * sin(2 * dr * M);
  C1 = C1 - 0.4068 * sin(Mpr * dr) + 0.0161 * sin(dr * 2 * Mpr);
  C1 -= 0.0004 * sin(dr * 3 * Mpr);
  C1 = C1 + 0.0104 * sin(dr * 2 * F) - 0.0051 * sin(dr * (M + Mpr));
  C1 = C1 - 0.0074 * sin(dr * (M - Mpr)) + 0.0004 * sin(dr * (2 * F + M));
  C1 = C1 - 0.0004 * sin(dr * (2 * F - M)) - 0.0006 * sin(dr * (2 * F + Mpr));
  C1 = C1 + 0.001 * sin(dr * (2 * F - Mpr)) + 0.0005 * sin(dr * (2 * Mpr + M));
  const deltaT =
    T < -11
      ? 0.001 + 0.000839 * T + 0.0002261 * T2 - 0.00000845 * T3 - 0.000000081 * T * T3
      : -0.000278 + 0.000265 * T + 0.000262 * T2;
  return jd + C1 - deltaT;
}

/** The sun's true longitude (radians, 0…2π) at a Julian day (UTC). */
function sunLongitude(jd: number): number {
  const T = (jd - 2451545.0) / 36525;
  const T2 = T * T;
  const dr = PI / 180;
  const M = 357.5291 + 35999.0503 * T - 0.0001559 * T2 - 0.00000048 * T * T2;
  const L0 = 280.46645 + 36000.76983 * T + 0.0003032 * T2;
  let DL = (1.9146 - 0.004817 * T - 0.000014 * T2) * sin(dr * M);
  DL += (0.019993 - 0.000101 * T) * sin(dr * 2 * M) + 0.00029 * sin(dr * 3 * M);
  const L = (L0 + DL) * dr;
  return L - PI * 2 * floor(L / (PI * 2));
}

/** The day (Julian day number, local) the k-th new moon falls on. */
const newMoonDay = (k: number) => floor(newMoon(k) + 0.5 + TIME_ZONE / 24);

/** Which of the twelve 30° sectors the sun is in at the local midnight starting a day. */
const sunSector = (dayNumber: number) =>
  floor((sunLongitude(dayNumber - 0.5 - TIME_ZONE / 24) / PI) * 6);

/** The first day of the lunar month holding the winter solstice (month 11) of a year. */
function month11(year: number): number {
  const off = julianDay(31, 12, year) - 2415021;
  const k = floor(off / 29.530588853);
  const start = newMoonDay(k);
  return sunSector(start) >= 9 ? newMoonDay(k - 1) : start;
}

/** In a leap year: how many months after month 11 the leap month is (no solar term in it). */
function leapMonthOffset(a11: number): number {
  const k = floor((a11 - 2415021.076998695) / 29.530588853 + 0.5);
  let i = 1;
  let arc = sunSector(newMoonDay(k + i));
  let last: number;
  do {
    last = arc;
    i++;
    arc = sunSector(newMoonDay(k + i));
  } while (arc !== last && i < 14);
  return i - 1;
}

export interface LunarDate {
  day: number;
  month: number;
  year: number;
  /** The leap month repeating `month` (tháng nhuận). */
  leap: boolean;
}

/** The lunar date of a Gregorian date (YYYY-MM-DD). */
export function lunarDateOf(date: string): LunarDate {
  const [yy, mm, dd] = date.split('-').map(Number) as [number, number, number];
  const dayNumber = julianDay(dd, mm, yy);
  const k = floor((dayNumber - 2415021.076998695) / 29.530588853);
  let monthStart = newMoonDay(k + 1);
  if (monthStart > dayNumber) monthStart = newMoonDay(k);
  let a11 = month11(yy);
  let b11 = a11;
  let year: number;
  if (a11 >= monthStart) {
    year = yy;
    a11 = month11(yy - 1);
  } else {
    year = yy + 1;
    b11 = month11(yy + 1);
  }
  const day = dayNumber - monthStart + 1;
  const diff = floor((monthStart - a11) / 29);
  let leap = false;
  let month = diff + 11;
  if (b11 - a11 > 365) {
    const leapDiff = leapMonthOffset(a11);
    if (diff >= leapDiff) {
      month = diff + 10;
      leap = diff === leapDiff;
    }
  }
  if (month > 12) month -= 12;
  if (month >= 11 && diff < 4) year -= 1;
  return { day, month, year, leap };
}

/**
 * The Gregorian date (YYYY-MM-DD) of a lunar date; null for a leap month the year does not have.
 */
export function solarDateOf(lunar: LunarDate): string | null {
  const { day, month, year, leap } = lunar;
  const [a11, b11] =
    month < 11 ? [month11(year - 1), month11(year)] : [month11(year), month11(year + 1)];
  const k = floor(0.5 + (a11 - 2415021.076998695) / 29.530588853);
  let off = month - 11;
  if (off < 0) off += 12;
  if (b11 - a11 > 365) {
    const leapOff = leapMonthOffset(a11);
    let leapMonth = leapOff - 2;
    if (leapMonth < 0) leapMonth += 12;
    if (leap && month !== leapMonth) return null;
    if (leap || off >= leapOff) off += 1;
  } else if (leap) {
    return null;
  }
  return dateOfJulianDay(newMoonDay(k + off) + day - 1);
}
