// One application error type with a code; one table from code to HTTP status. The reply carries
// the code and its values, never a sentence: the client shows the code's text in its reader's
// language.
import { formatMessage, type MessageCode } from '#common/messages.ts';
import { providerStatusByCode } from './features/providers/zoom/error-statuses.ts';

const statusByCode: Partial<Record<MessageCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  FIRST_PASSWORD_EXPIRED: 401,
  USER_CREATE_FORBIDDEN: 403,
  STAFF_CANNOT_CREATE_ROLE: 403,
  USER_DELETE_SELF: 403,
  FIRST_PASSWORD_SELF: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  USER_EMAIL_EXISTS: 409,
  USER_EMAIL_OF_DELETED: 409,
  USER_UPDATE_FORBIDDEN: 403,
  USER_ROLE_ADMIN_ONLY: 403,
  USER_LAST_ADMIN: 409,
  USER_ROLE_TEACHER_HAS_CLASSES: 409,
  USER_ROLE_STUDENT_ENROLLED: 409,
  THEME_NAME_EXISTS: 409,
  THEME_DELETE_ACTIVE: 409,
  THEME_DELETE_DEFAULT: 409,
  PAYLOAD_TOO_LARGE: 413,
  AVATAR_SIZE: 413,
  LOGO_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  LOGIN_FAILED: 401,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_BODY_MISMATCH: 422,
  SCHEDULE_OVERLAP_CLASS: 409,
  SCHEDULE_OVERLAP_TEACHER: 409,
  SERIES_CLASHES: 409,
  CALENDAR_FEED_NOT_FOUND: 404,
  ATTENDANCE_BEFORE_START: 409,
  ATTENDANCE_LESSON_NOT_MARKABLE: 409,
  ATTENDANCE_MARK_FORBIDDEN: 403,
  IMPORT_TOO_MANY_ROWS: 413,
  SPREADSHEET_TOO_LARGE: 413,
  IMPORT_NOTHING_TO_IMPORT: 409,
  IMPORT_CLASS_STUDENTS_ONLY: 400,
  IMPORT_FILE_UNREADABLE: 400,
  IMPORT_FILE_EMPTY: 400,
  IMPORT_FILE_REQUIRED: 400,
  ATTENDANCE_NOT_ENROLLED: 404,
  SERIES_NOTHING_TO_CREATE: 409,
  SERIES_ALL_CLOSED: 409,
  CLOSED_DAY_EXISTS: 409,
  CLOSED_DAY_NOT_FOUND: 404,
  SERIES_LESSON_NOT_PENDING: 409,
  SERIES_CHANGE_CLASHES: 409,
  HANDOVER_CLASHES: 409,
  SERIES_NOT_A_SERIES: 409,
  SCHEDULE_DELETE_COMPLETED_ADMIN_ONLY: 403,
  CLASS_LESSONS_OUTSIDE_DATES: 409,
  ENROL_ALREADY: 409,
  ENROL_NOT_FOUND: 404,
  MEETING_DATA_MISSING: 404,
  MEETING_START_FORBIDDEN: 403,
  MEETING_TOO_LATE: 409,
  MEETING_CANNOT_JOIN: 409,
  MEETING_NOT_STARTED: 409,
  MEETING_ASSIGN_FAILED: 409,
  MEETING_NO_FREE_ACCOUNT: 503,
  MEETING_CREATE_FAILED: 502,
  MEETING_SIGNATURE_FAILED: 502,
  MEETING_SDK_NOT_CONFIGURED: 503,
  RATE_LIMITED: 429,
  MEETING_TOO_EARLY: 409,
  LESSON_END_FORBIDDEN: 403,
  LESSON_NOT_ACTIVE: 409,
  SCHEDULE_DELETE_ACTIVE: 409,
  LESSON_NOT_PENDING: 409,
  LESSON_ALREADY_CANCELLED: 409,
  INTERNAL: 500,
  USER_DELETE_STEP_ENROLMENTS: 500,
  USER_DELETE_STEP_CLASSES: 500,
  USER_DELETE_STEP_ACCOUNT: 500,
  AVATAR_UPLOAD_FAILED: 500,
  DATABASE_UNAVAILABLE: 503,
  // Rooms, links and venues
  ROOM_NAME_EXISTS: 409,
  ROOM_IN_USE: 409,
  ROOM_CLASH: 409,
  SUBSTITUTE_NOT_A_TEACHER: 400,
  SUBSTITUTE_IS_CLASS_TEACHER: 400,
  SUBSTITUTE_CLASH: 409,
  SUBSTITUTE_LESSON_NOT_PENDING: 409,
  LESSON_COVERED_BY_SUBSTITUTE: 403,
  // Tuition
  TUITION_REFUND_OVER_CREDIT: 409,
  TUITION_ENTRY_ALREADY_REVERSED: 409,
  TUITION_REVERSAL_NOT_REVERSIBLE: 409,
  TUITION_ENTRY_ON_INVOICE: 409,
  INVOICE_NO_FEE_PLAN: 409,
  INVOICE_NOTHING_TO_CHARGE: 409,
  INVOICE_ALREADY_EXISTS: 409,
  INVOICE_NOT_ENROLLED: 409,
  INVOICE_NOT_DRAFT: 409,
  INVOICE_ALREADY_VOID: 409,
  INVOICE_NOT_ISSUED: 409,
  INVOICE_NOT_PAYABLE: 409,
  BANK_STATEMENT_COLUMNS: 400,
  BANK_STATEMENT_NO_CREDITS: 400,
  BANK_STATEMENT_TOO_LONG: 413,
  BANK_TRANSFER_NOT_UNMATCHED: 409,
  BANK_WEBHOOK_UNAUTHORIZED: 401,
  TUITION_DISCOUNT_ALREADY_ENDED: 409,
  TUITION_NOT_A_STUDENT: 409,
  USER_ROLE_STUDENT_HAS_ACCOUNT: 409,
  TUITION_BANK_NOT_SET: 409,
  PAY_TEACHER_NOT_FOUND: 404,
  PAY_RATE_MISSING: 409,
  PAY_LINE_NOT_FOUND: 404,
  PAY_ALREADY_APPROVED: 409,
  PAY_NOTHING_TO_APPROVE: 409,
  PAY_MONTH_NOT_OVER: 409,
  ROOM_NOT_AVAILABLE: 409,
  VENUE_LINK_MISSING: 409,
  // Settings cards and sessions (issue 26); a wrong current password is a 400 on its field
  EXPORT_NOT_ALLOWED: 403,
  SESSION_NOT_FOUND: 404,
  // Lessons' recordings (issue 28)
  RECORDING_DELETED: 410,
  RECORDING_UNAVAILABLE: 409,
  RECORDING_RETENTION_INVALID: 400,
  // Make-up lessons (issue 28, docs/decisions/032)
  MAKEUP_BOOK_FORBIDDEN: 403,
  MAKEUP_CREDIT_NOT_FOUND: 404,
  MAKEUP_CREDIT_USED: 409,
  MAKEUP_CREDIT_EXPIRED: 409,
  MAKEUP_SAME_CLASS: 409,
  MAKEUP_ENROLLED_IN_CLASS: 409,
  MAKEUP_LESSON_NOT_PENDING: 409,
  MAKEUP_LESSON_AFTER_EXPIRY: 409,
  MAKEUP_NO_SEATS: 409,
  MAKEUP_CLASH: 409,
  MAKEUP_NOT_BOOKED: 409,
  MAKEUP_ALREADY_STARTED: 409,
  LESSON_REPORT_NOT_HELD: 409,
  LESSON_REPORT_CANCELLED: 409,
  LESSON_REPORT_NOT_IN_LESSON: 400,
  // E-mail and password reset (issue 29)
  PASSWORD_RESET_INVALID: 400,
  EMAIL_NOT_CONFIGURED: 409,
  // Parents (issue 29, docs/decisions/036)
  PARENT_LIMIT: 409,
  PARENT_EMAIL_OF_PARENT: 409,
  PARENT_NOT_LINKED: 404,
  // Materials (issue 29, docs/decisions/038)
  MATERIAL_TYPE: 415,
  MATERIAL_TOO_LARGE: 413,
  MATERIAL_DELETE_FORBIDDEN: 403,
  // Backups (issue 30, docs/decisions/042)
  BACKUP_TIME_INVALID: 400,
  BACKUP_KEEP_INVALID: 400,
  BACKUP_FOLDER_NOT_ABSOLUTE: 400,
  BACKUP_FOLDER_NOT_WRITABLE: 400,
  BACKUP_FOLDER_PUBLIC: 400,
  BACKUP_RUNNING: 409,
  BACKUP_NOTHING_TO_COPY: 409,
  BACKUP_FILE_GONE: 410,
  // The codes only the video provider raises (its folder holds their statuses)
  ...providerStatusByCode,
};

export interface ErrorBody {
  code: string;
  field?: string;
  /** The values the code's text names (the client fills them in). */
  params?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: MessageCode;
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly params: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: MessageCode,
    options: {
      params?: Record<string, string>;
      field?: string;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    // The Vietnamese text is for the logs only; replies carry the code.
    super(formatMessage(code, options.params), { cause: options.cause });
    this.code = code;
    // The code decides the status (one table, above); anything not listed is a 400.
    this.statusCode = statusByCode[code] ?? 400;
    this.field = options.field;
    this.params = options.params && Object.keys(options.params).length ? options.params : undefined;
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code };
    if (this.field) body.field = this.field;
    if (this.params) body.params = this.params;
    return body;
  }
}
