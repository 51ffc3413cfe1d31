// Table types for Kysely. Column names follow product.md §3.
// Booleans read back as 0/1 on SQLite and true/false on PostgreSQL: `DbBool` makes every reader
// convert explicitly (see `toBool`). Timestamps are ISO-8601 UTC strings on both databases
// (connection.ts parses PostgreSQL's timestamptz into that form).
import type { ColumnType, Generated } from 'kysely';
import type { LessonStatus, Role } from '#common/constants.ts';
import type { PayRateKind, TimeSource } from '#common/teacher-pay.ts';
import type { ThemeColorKey } from '#common/theme-defaults.ts';
import type {
  ChargedAbsences,
  DiscountKind,
  EntryKind,
  FeePlanKind,
  PaymentMethod,
} from '#common/tuition.ts';
import type { Venue } from '#common/venues.ts';

export type DbBool = ColumnType<boolean | number, boolean, boolean>;
export const toBool = (value: boolean | number): boolean => value === true || value === 1;

type Timestamp = string;
/** Calendar date, YYYY-MM-DD. */
type DateOnly = string;

export interface AuthCredentialTable {
  auth_id: string;
  password_hash: string;
  must_change_password: DbBool;
  password_changed_at: Timestamp;
  created_at: Timestamp;
}

export interface LoginAttemptTable {
  attempt_id: string;
  email: string;
  ip: string;
  outcome: 'pending' | 'failed' | 'cleared';
  attempted_at: Timestamp;
}

export interface LoginTrustedAddressTable {
  email: string;
  ip: string;
  last_success_at: Timestamp;
}

export interface SessionTable {
  token_hash: string;
  auth_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** The id people see and end a session by (migration 021); the token's hash never leaves. */
  session_id: string;
  /** The browser's User-Agent at sign-in, and the address it signed in from (null before 021). */
  user_agent: string | null;
  ip: string | null;
}

export interface UserTable {
  user_id: string;
  auth_id: string;
  email: string;
  full_name: string;
  role: Role;
  username: string;
  is_active: DbBool;
  avatar_url: string | null;
  phone: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  /** Interface language the user chose ('vi' | 'en'); null: not chosen. */
  language: 'vi' | 'en' | null;
  /** full_name folded for search and sorting (migration 015); written with the name. */
  search_name: string;
}

export interface CenterSettingsTable {
  id: string;
  center_name: string;
  logo_url: string | null;
  updated_at: Timestamp;
  /** The language new accounts start in; null: their browser's (migration 021). */
  new_user_language: 'vi' | 'en' | null;
  /** How long a first password is good for, in hours (72 unless changed). */
  first_password_hours: number;
  staff_may_export: DbBool;
  chat_panel_shown: DbBool;
  /** The center's bank account for VietQR (migration 025): all three set, or all null. */
  bank_bin: string | null;
  bank_account_number: string | null;
  bank_account_name: string | null;
  /** How many days after the missed lesson a make-up credit expires (migration 030). */
  makeup_credit_days: ColumnType<number, number | undefined, number>;
  /** Whether students book their own make-up lessons (migration 030). */
  students_book_makeups: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** How many days audit entries are kept (migration 040; 730 unless changed). */
  audit_retention_days: ColumnType<number, number | undefined, number>;
  /** Backups (migration 041): the daily time ('HH:MM', center time), whether they run by schedule. */
  backup_time: ColumnType<string, string | undefined, string>;
  backup_enabled: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** How many daily and weekly backups are kept (7 and 4 unless changed). */
  backup_keep_daily: ColumnType<number, number | undefined, number>;
  backup_keep_weekly: ColumnType<number, number | undefined, number>;
  /** The folder backups go to; null: DATA_DIR/backups. */
  backup_folder: ColumnType<string | null, string | null | undefined, string | null>;
  /** The lease of the process running a backup (null or past: nobody). */
  backup_claimed_until: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

export type ThemeSettingsTable = {
  theme_id: string;
  theme_name: string;
  description: string | null;
  is_default: DbBool;
  created_at: Timestamp;
  updated_at: Timestamp;
} & { [K in ThemeColorKey]: string | null };

export interface AppSettingsTable {
  setting_key: string;
  setting_value: string;
}

export interface ClassTable {
  class_id: string;
  class_name: string;
  /** class_name folded for search and sorting (migration 015); written with the name. */
  search_name: string;
  description: string | null;
  teacher_id: string;
  start_date: DateOnly;
  end_date: DateOnly;
  created_by: string | null;
  is_active: DbBool;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Where its lessons are held by default, its default room, its online link (migration 016). */
  default_venue: ColumnType<Venue, Venue | undefined, Venue>;
  default_room_id: string | null;
  meeting_link: string | null;
  /** Migration 032: its meetings are made with automatic cloud recording. */
  auto_cloud_recording: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** How many make-up visitors one of its lessons takes; 0: none (migration 030). */
  makeup_seats: ColumnType<number, number | undefined, number>;
}

/** One of the center's rooms (migration 016). */
export interface RoomTable {
  room_id: string;
  name: string;
  /** The name trimmed and in lower case: unique. */
  name_key: string;
  capacity: number | null;
  note: string | null;
  archived: DbBool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClassStudentTable {
  class_id: string;
  student_id: string;
  enrolled_at: Timestamp;
}

/** An enrolment that ended: the student was removed from the class (migration 014). */
export interface ClassEnrolmentHistoryTable {
  class_id: string;
  student_id: string;
  enrolled_at: Timestamp;
  left_at: Timestamp;
}

export interface LessonTable {
  schedule_id: string;
  class_id: string;
  topic: string;
  description: string | null;
  start_time: Timestamp;
  end_time: Timestamp;
  status: LessonStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The series it was created in (recurring lessons), and its number in it; null if alone. */
  series_id: string | null;
  series_index: number | null;
  /** Where it is held ('zoom', 'room', 'link'), and its room when in a room (migration 016). */
  venue: ColumnType<Venue, Venue | undefined, Venue>;
  room_id: string | null;
  /** Why, when and by whom a cancelled lesson was cancelled (migration 017); null otherwise. */
  cancel_reason: string | null;
  cancelled_at: Timestamp | null;
  cancelled_by: string | null;
  /** Its calendar events' SEQUENCE: raised by each change a calendar app must take over. */
  sequence: Generated<number>;
  /** The teacher who covers it instead of the class's teacher (migration 029); null if none. */
  substitute_teacher_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per time a student was in a lesson's meeting (join, and leave once known). */
export interface AttendanceTable {
  attendance_id: string;
  schedule_id: string;
  student_id: string;
  /** The provider's id of this stay in the meeting, so a repeated webhook is recognised. */
  participant_key: string;
  joined_at: Timestamp;
  left_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * Where reading a lesson's participants report stands (migration 033, docs/decisions/035): due at
 * `due_at` while pending, held by one process until `claimed_until`.
 */
export interface AttendanceReportTable {
  schedule_id: string;
  state: 'pending' | 'done' | 'unavailable' | 'failed';
  due_at: Timestamp;
  attempts: number;
  claimed_until: Timestamp | null;
  reconciled_at: Timestamp | null;
  updated_at: Timestamp;
}

/** A lesson's meeting on its provider (features/providers). */
export interface LessonMeetingTable {
  schedule_id: string;
  /** The provider's id ('zoom'). */
  provider: string;
  external_id: string | null;
  /** The pool account hosting it (pool providers only); a provider's table adds the reference. */
  host_account_id: string | null;
  /** JSON: what anyone in the lesson may see. */
  join_data: string;
  /** JSON: what only those who may host see; never sent to students. */
  secret_data: string;
  created_at: Timestamp;
  ended_at: Timestamp | null;
}

/**
 * The tables, as the core knows them. A provider adds its own tables to this interface from its
 * folder (declaration merging), so the core never names them.
 */
export interface Database {
  auth_credentials: AuthCredentialTable;
  sessions: SessionTable;
  login_attempts: LoginAttemptTable;
  login_trusted_addresses: LoginTrustedAddressTable;
  users: UserTable;
  center_settings: CenterSettingsTable;
  theme_settings: ThemeSettingsTable;
  app_settings: AppSettingsTable;
  classes: ClassTable;
  rooms: RoomTable;
  class_students: ClassStudentTable;
  class_enrolment_history: ClassEnrolmentHistoryTable;
  schedules: LessonTable;
  attendance: AttendanceTable;
  lesson_meetings: LessonMeetingTable;
  idempotency_keys: IdempotencyKeyTable;
  calendar_feeds: CalendarFeedTable;
  notifications: NotificationTable;
  attendance_marks: AttendanceMarkTable;
  attendance_reports: AttendanceReportTable;
  stored_files: StoredFileTable;
  closed_days: ClosedDayTable;
  fee_plans: FeePlanTable;
  fee_plan_instalments: FeePlanInstalmentTable;
  student_discounts: StudentDiscountTable;
  ledger_entries: LedgerEntryTable;
  invoice_counters: InvoiceCounterTable;
  invoices: InvoiceTable;
  invoice_lines: InvoiceLineTable;
  invoice_allocations: InvoiceAllocationTable;
  bank_transfers: BankTransferTable;
  bank_webhook_keys: BankWebhookKeyTable;
  provider_settings: ProviderSettingsTable;
  lesson_recordings: LessonRecordingTable;
  teacher_pay_rates: TeacherPayRateTable;
  teacher_pay_adjustments: TeacherPayAdjustmentTable;
  teacher_pay_statements: TeacherPayStatementTable;
  teacher_pay_lines: TeacherPayLineTable;
  makeup_credits: MakeupCreditTable;
  student_parents: StudentParentTable;
  lesson_reports: LessonReportTable;
  lesson_report_notes: LessonReportNoteTable;
  email_settings: EmailSettingsTable;
  email_preferences: EmailPreferenceTable;
  email_outbox: EmailOutboxTable;
  password_resets: PasswordResetTable;
  password_reset_requests: PasswordResetRequestTable;
  class_materials: ClassMaterialTable;
  material_chunks: MaterialChunkTable;
  audit_log: AuditLogTable;
  backups: BackupTable;
}

/** One backup run (migration 041, docs/decisions/042-backups.md). */
export interface BackupTable {
  backup_id: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  trigger: 'schedule' | 'manual';
  state: 'running' | 'ok' | 'failed';
  /** 0-100 while running. */
  progress: ColumnType<number, number | undefined, number>;
  file_name: string | null;
  folder: string | null;
  size_bytes: number | null;
  file_count: number | null;
  row_count: number | null;
  /** JSON: the check made after writing (integrity, rows, files), or null before it ran. */
  check_result: string | null;
  error: string | null;
}

/** One change a person made (migration 040, docs/decisions/041-audit-log.md); never edited. */
export interface AuditLogTable {
  audit_id: string;
  at: Timestamp;
  /** Null: the server itself (a job), not a person. */
  actor_id: string | null;
  /** The actor's name as it was when the change was made. */
  actor_name: string | null;
  actor_ip: string | null;
  /** What was done, 'record.verb' (e.g. 'user.update', 'enrolment.add'). */
  action: string;
  record_type: string;
  record_id: string;
  /** JSON: { field: [before, after] }; a secret's values are never kept, only that it changed. */
  changes: string;
}

/** A lesson's recording on its provider (migration 032, docs/decisions/034-recordings.md). */
export interface LessonRecordingTable {
  recording_id: string;
  schedule_id: string;
  provider: string;
  provider_recording_id: string;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  total_bytes: ColumnType<number | string, number, number>;
  /** JSON array of the files, nothing secret. */
  files: string;
  /** JSON: share link, passcode, play links; never sent to a browser. */
  secret_data: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  delete_after: Timestamp | null;
}

/**
 * A make-up credit (migration 030, docs/decisions/032): earned by an excused absence from one
 * lesson of a class, good until expires_at, booked into a lesson of another class or not.
 */
export interface MakeupCreditTable {
  credit_id: string;
  student_id: string;
  class_id: string;
  missed_schedule_id: string;
  earned_at: Timestamp;
  expires_at: Timestamp;
  booked_schedule_id: string | null;
  booked_at: Timestamp | null;
  booked_by: string | null;
}

/**
 * A video provider's settings kept in the app (migration 020, docs/decisions/024): a JSON object of
 * field → value sealed by lib/secret-box.ts; `version` grows with every change.
 */
export interface ProviderSettingsTable {
  provider: string;
  sealed_fields: string;
  version: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** A day the center is closed (migration 019): one row per date in the center's zone. */
export interface ClosedDayTable {
  closed_date: DateOnly;
  name: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An uploaded file kept in the database (FILE_STORAGE=database), under its server-given path. */
export interface StoredFileTable {
  path: string;
  content_type: string;
  /** bytea on PostgreSQL (read as a Buffer), a blob on SQLite (read as a Uint8Array). */
  bytes: Uint8Array;
  size: number;
  created_at: Timestamp;
}

export interface IdempotencyKeyTable {
  user_id: string;
  idempotency_key: string;
  /** What the key did, e.g. 'schedule:{classId}' or 'enrolment:{classId}'. */
  scope: string;
  /** The operation's result as JSON: what a retry is answered with. */
  result: string;
  /** SHA-256 of the request it was first used with (method, path, body); null on older rows. */
  request_hash: string | null;
  created_at: Timestamp;
}

/** A user's private calendar feed: the random token in its URL. */
export interface CalendarFeedTable {
  user_id: string;
  /** SHA-256 (hex) of the token in the feed's URL; the token itself is shown once (migration 042). */
  token_hash: string;
  created_at: Timestamp;
}

/** One notification for one user (its text: the catalogue's for `type`, filled with `params`). */
export interface NotificationTable {
  notification_id: string;
  user_id: string;
  type: string;
  /** JSON of the text's values (class name, topic, times). */
  params: string;
  schedule_id: string | null;
  class_id: string | null;
  /** Set for notifications made at most once (reminders): unique. */
  dedupe_key: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

export type AttendanceStatus = 'present' | 'late' | 'absent' | 'excused';

/**
 * A status marked by hand for a student in a lesson (kept apart from what the provider reported,
 * which it wins over; migration 018).
 */
export interface AttendanceMarkTable {
  schedule_id: string;
  student_id: string;
  status: AttendanceStatus;
  marked_by: string | null;
  marked_at: Timestamp;
}

/** A class's fee plan (migration 023): how its students are charged, in whole đồng. */
export interface FeePlanTable {
  class_id: string;
  kind: FeePlanKind;
  amount: number;
  /** Per-lesson plans: which absences are charged. */
  charged_absences: ChargedAbsences | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A per-course plan's parts, in order of their due dates. */
export interface FeePlanInstalmentTable {
  class_id: string;
  position: number;
  amount: number;
  due_date: DateOnly;
}

/** A student's discount, from a day (to a day once ended); never deleted. */
export interface StudentDiscountTable {
  discount_id: string;
  student_id: string;
  kind: DiscountKind;
  value: number;
  reason: string;
  starts_on: DateOnly;
  ends_on: DateOnly | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** One entry of a student's account; never updated or deleted, only reversed. */
export interface LedgerEntryTable {
  /** The order entries were written in. */
  entry_no: Generated<number>;
  entry_id: string;
  student_id: string;
  kind: EntryKind;
  /** Signed đồng: positive raises what is owed (charge, refund), negative lowers it. */
  amount: number;
  method: PaymentMethod | null;
  occurred_on: DateOnly;
  note: string | null;
  reverses_entry_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  /** The invoice it was issued on or paid against (migration 024). */
  invoice_id: ColumnType<string | null, string | null | undefined, never>;
}

/** The year's last invoice number given (migration 024): numbers are taken from it when issued. */
export interface InvoiceCounterTable {
  year: number;
  last_number: number;
}

/** A student's invoice for one class and month (migration 024, docs/decisions/029). */
export interface InvoiceTable {
  invoice_id: string;
  number: string | null;
  student_id: string;
  class_id: string | null;
  class_name: string;
  period: string;
  status: 'draft' | 'issued' | 'void';
  due_date: DateOnly;
  /** The sum of its lines (migration 028), kept with them. */
  total: Generated<number>;
  /** The sum of its allocations (migration 028), kept by allocation.ts. */
  paid: Generated<number>;
  issued_at: Timestamp | null;
  issued_by: string | null;
  void_reason: string | null;
  voided_at: Timestamp | null;
  voided_by: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceLineTable {
  line_id: string;
  invoice_id: string;
  position: number;
  label: string;
  /** JSON object of the label's values. */
  params: string;
  description: string | null;
  quantity: number;
  unit_amount: number;
  amount: number;
  charge_key: string | null;
}

/** Money put on an invoice (positive) or taken off it again (negative); never edited. */
export interface InvoiceAllocationTable {
  allocation_no: Generated<number>;
  invoice_id: string;
  student_id: string;
  amount: number;
  created_at: Timestamp;
}

/** An incoming bank transfer, from a statement or the webhook (migration 026), recorded once. */
export interface BankTransferTable {
  transfer_id: string;
  source: 'statement' | 'webhook';
  /** The bank's reference when given, else a hash of the line's own data: unique. */
  fingerprint: string;
  bank_reference: string | null;
  external_id: string | null;
  transferred_on: DateOnly;
  amount: number;
  content: string;
  status: 'matched' | 'unmatched' | 'ignored';
  student_id: string | null;
  invoice_id: string | null;
  /** The payment it became. */
  entry_id: string | null;
  ignore_reason: string | null;
  created_by: string | null;
  created_at: Timestamp;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
}

/** The bank webhook's API keys (migration 026): a hash only; the key is shown once. */
export interface BankWebhookKeyTable {
  key_id: string;
  key_hash: string;
  hint: string;
  created_by: string | null;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

/** A teacher's rate (migration 031): their own (class_id null) or for one class, from a month on. */
export interface TeacherPayRateTable {
  rate_id: string;
  teacher_id: string;
  class_id: string | null;
  kind: PayRateKind;
  amount: number;
  /** YYYY-MM: the first month it applies to. */
  effective_from: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** The admin's adjustment of a teacher's month (migration 031): signed, with a reason, never edited. */
export interface TeacherPayAdjustmentTable {
  adjustment_id: string;
  teacher_id: string;
  month: string;
  /** The lesson it adjusts; null: the statement as a whole. */
  schedule_id: string | null;
  amount: number;
  reason: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** An approved statement (migration 031): its totals as they were at approval. */
export interface TeacherPayStatementTable {
  statement_id: string;
  teacher_id: string;
  month: string;
  teacher_name: string;
  lessons: number;
  minutes: number;
  lesson_amount: number;
  adjustments: number;
  total: number;
  approved_by: string | null;
  approved_at: Timestamp;
}

/** An approved statement's line, frozen at approval (migration 031). */
export interface TeacherPayLineTable {
  statement_id: string;
  position: number;
  schedule_id: string | null;
  lesson_date: DateOnly;
  class_id: string | null;
  class_name: string;
  topic: string;
  substitute: DbBool;
  started_at: Timestamp;
  ended_at: Timestamp;
  minutes: number;
  time_source: TimeSource;
  rate_kind: PayRateKind;
  rate_amount: number;
  amount: number;
}

/** A parent's link to one of their children (migration 034); a student has at most two. */
export interface StudentParentTable {
  student_id: string;
  parent_id: string;
  created_at: Timestamp;
  created_by: string | null;
}

/** What a held lesson covered and its homework (migration 036, docs/decisions/037). */
export interface LessonReportTable {
  schedule_id: string;
  covered: string;
  homework: string | null;
  created_at: Timestamp;
  created_by: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A short note about one student in a lesson's report (migration 036). */
export interface LessonReportNoteTable {
  schedule_id: string;
  student_id: string;
  note: string;
  updated_at: Timestamp;
}

/** Settings → Notifications (migration 038, docs/decisions/039-email.md): one row, id 'smtp'. */
export interface EmailSettingsTable {
  id: string;
  host: string | null;
  port: ColumnType<number, number | undefined, number>;
  security: 'none' | 'starttls' | 'tls';
  username: string | null;
  /** Sealed by lib/secret-box.ts under the name 'email.smtp_password'. */
  sealed_password: string | null;
  from_address: string | null;
  from_name: string | null;
  /** JSON: e-mailable notification type → whether it goes by e-mail unless a person chose. */
  email_defaults: string;
  updated_at: Timestamp | null;
  updated_by: string | null;
}

/** A person's own choice for one e-mailable notification type (migration 038). */
export interface EmailPreferenceTable {
  user_id: string;
  type: string;
  enabled: DbBool;
}

/** A message to send or sent (migration 038): one per notification at most. */
export interface EmailOutboxTable {
  message_id: string;
  kind: 'notification' | 'password_reset';
  notification_id: string | null;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  state: 'pending' | 'sent' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  due_at: Timestamp;
  claimed_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** A password reset link (migration 039, docs/decisions/040): its token only hashed. */
export interface PasswordResetTable {
  token_hash: string;
  auth_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A 'Quên mật khẩu?' request, for the throttle (migration 039). */
export interface PasswordResetRequestTable {
  request_id: string;
  email: string;
  ip: string;
  requested_at: Timestamp;
}

/** A file or a link attached to a class or to one of its lessons (migration 037). */
export interface ClassMaterialTable {
  material_id: string;
  class_id: string;
  /** The lesson it belongs to; null: the whole class's. */
  schedule_id: string | null;
  kind: 'file' | 'link';
  title: string;
  description: string | null;
  /** The folded title and description (docs/decisions/018). */
  search_title: string;
  /** A link's address; null for a file. */
  url: string | null;
  /** A file's name (its extension the real type's), type and size; null for a link. */
  file_name: string | null;
  content_type: string | null;
  size: ColumnType<number | string | null, number | null, number | null>;
  created_by: string | null;
  created_at: Timestamp;
}

/** A piece (1 MiB) of a material's file in the database store (migration 037). */
export interface MaterialChunkTable {
  material_id: string;
  seq: number;
  /** bytea on PostgreSQL (a Buffer), a blob on SQLite (a Uint8Array). */
  bytes: Uint8Array;
}
