// The words of what the server writes for a person to keep (spreadsheet exports, the calendar
// feed), in that person's language: the user's `language`, Vietnamese until they choose. Replies
// carry codes instead (common/messages.ts); these words never travel as JSON.

export type Language = 'vi' | 'en';

const vi = {
  'attendance.student': 'Học viên',
  'attendance.rate': 'Tỉ lệ có mặt',
  'attendance.present': 'Có mặt',
  'attendance.late': 'Đi muộn',
  'attendance.absent': 'Vắng',
  'attendance.excused': 'Vắng có phép',
  'attendance.fileName': 'Điểm danh - {class}',
  'attendance.left': '{name} (Đã rời lớp)',
  'attendance.notInClass': '–',
  'users.number': 'STT',
  'users.fullName': 'Họ và tên',
  'users.email': 'Email',
  'users.phone': 'Số điện thoại',
  'users.username': 'Tên đăng nhập',
  'users.status': 'Trạng thái',
  'users.createdAt': 'Ngày tạo',
  'users.active': 'Hoạt động',
  'users.inactive': 'Ngưng hoạt động',
  'users.fileName.student': 'hoc-vien',
  'users.fileName.teacher': 'giao-vien',
  'users.fileName.staff': 'nhan-vien',
  'users.fileName.admin': 'admin',
  'calendar.class': 'Lớp: {class}',
  'calendar.topic': 'Chủ đề: {topic}',
  'calendar.teacher': 'Giáo viên: {teacher}',
  'calendar.cancelled': 'Buổi học đã bị huỷ: {reason}',
  'calendar.fileName': 'lich-hoc',
  'debts.student': 'Học viên',
  'debts.classes': 'Lớp',
  'debts.invoices': 'Số hoá đơn nợ',
  'debts.oldestDue': 'Hạn sớm nhất',
  'debts.outstanding': 'Tổng còn nợ',
  'debts.notDue': 'Chưa đến hạn',
  'debts.overdue1to30': 'Quá hạn 1–30 ngày',
  'debts.overdue31to60': 'Quá hạn 31–60 ngày',
  'debts.overdueOver60': 'Quá hạn trên 60 ngày',
  'debts.total': 'Tổng cộng',
  'debts.fileName': 'cong-no-{date}',
} as const;

export type DocumentTextKey = keyof typeof vi;

const en: Record<DocumentTextKey, string> = {
  'attendance.student': 'Student',
  'attendance.rate': 'Attendance rate',
  'attendance.present': 'Present',
  'attendance.late': 'Late',
  'attendance.absent': 'Absent',
  'attendance.excused': 'Excused',
  'attendance.fileName': 'Attendance - {class}',
  'attendance.left': '{name} (Left)',
  'attendance.notInClass': '–',
  'users.number': 'No.',
  'users.fullName': 'Full name',
  'users.email': 'Email',
  'users.phone': 'Phone',
  'users.username': 'Username',
  'users.status': 'Status',
  'users.createdAt': 'Created',
  'users.active': 'Active',
  'users.inactive': 'Inactive',
  'users.fileName.student': 'students',
  'users.fileName.teacher': 'teachers',
  'users.fileName.staff': 'staff',
  'users.fileName.admin': 'admins',
  'calendar.class': 'Class: {class}',
  'calendar.topic': 'Topic: {topic}',
  'calendar.teacher': 'Teacher: {teacher}',
  'calendar.cancelled': 'This lesson was cancelled: {reason}',
  'calendar.fileName': 'lessons',
  'debts.student': 'Student',
  'debts.classes': 'Classes',
  'debts.invoices': 'Open invoices',
  'debts.oldestDue': 'Earliest due date',
  'debts.outstanding': 'Outstanding',
  'debts.notDue': 'Not yet due',
  'debts.overdue1to30': '1–30 days overdue',
  'debts.overdue31to60': '31–60 days overdue',
  'debts.overdueOver60': 'Over 60 days overdue',
  'debts.total': 'Total',
  'debts.fileName': 'debts-{date}',
};

export const documentTexts: Record<Language, Record<DocumentTextKey, string>> = { vi, en };

/** A person's language as stored (null until they choose): Vietnamese, the product's own. */
export const languageOf = (stored: string | null | undefined): Language =>
  stored === 'en' ? 'en' : 'vi';

/** The words for a key in a language, with its `{name}` values filled in. */
export function documentText(
  language: Language,
  key: DocumentTextKey,
  params: Record<string, string> = {},
): string {
  return documentTexts[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : params[name],
  );
}
