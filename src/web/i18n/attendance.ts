// Attendance tabs, the marking view and exports. Vietnamese; the English is beside it in
// attendance.en.ts, key for key.

export const attendanceTexts = {
  'attendance.status.present': 'Có mặt',
  'attendance.status.late': 'Đi muộn',
  'attendance.status.absent': 'Vắng',
  'attendance.status.excused': 'Vắng có phép',
  'attendance.status.none': 'Chưa diễn ra',
  'attendance.status.unmarked': 'Chưa điểm danh',
  'attendance.student': 'Học viên',
  'attendance.rate': 'Tỉ lệ có mặt',
  'attendance.grid': 'Bảng điểm danh của lớp',
  'attendance.noStudents': 'Lớp học chưa có học viên.',
  'attendance.noLessons': 'Lớp học chưa có buổi học nào.',
  'attendance.exportCsv': 'Xuất CSV',
  'attendance.exportXlsx': 'Xuất Excel',
  'attendance.lesson': 'Buổi học',
  'attendance.reported': 'Theo Zoom: {status}',
  'attendance.stay': 'vào {from}, rời {to}',
  'attendance.rule':
    'Có mặt khi tham dự từ {percent}% buổi học; đi muộn khi vào sau {minutes} phút.',
  'attendance.mine': 'Điểm danh của bạn',
  // Reconciled with the provider's participants report (docs/decisions/035)
  'attendance.report.pending':
    'Đang chờ báo cáo Zoom để đối chiếu điểm danh (vài phút sau khi buổi học kết thúc).',
  'attendance.report.done': 'Đã đối chiếu với báo cáo Zoom lúc {time}',
  'attendance.report.unavailable':
    'Tài khoản Zoom không có báo cáo: điểm danh theo sự kiện webhook',
  'attendance.report.failed': 'Không đọc được báo cáo Zoom: điểm danh theo sự kiện webhook',
  'attendance.minutesValue': '{minutes} phút',
  // Marking by hand
  'attendance.markLesson': 'Điểm danh',
  'attendance.markLessonOf': 'Điểm danh buổi {topic}',
  'attendance.markTitle': 'Điểm danh: {topic}',
  'attendance.marking': 'Điểm danh buổi học',
  'attendance.choice.present': 'Có mặt',
  'attendance.choice.late': 'Muộn',
  'attendance.choice.absent': 'Vắng',
  'attendance.choice.excused': 'Có phép',
  'attendance.markOf': 'Điểm danh {name}',
  'attendance.allPresent': 'Tất cả có mặt',
  'attendance.unmarkedCount': '{count} học viên chưa điểm danh',
  'attendance.allMarked': 'Mọi học viên đã có trạng thái.',
  'attendance.byHand': 'Điểm danh tay · {name}',
  'attendance.markedByHand': 'Điểm danh tay',
  'attendance.unmark': 'Bỏ điểm danh tay của {name}',
  'attendance.saving': 'Đang lưu…',
  'attendance.saved': 'Đã lưu',
  'attendance.saveFailed': 'Chưa lưu được: {reason}',
  'attendance.retry': 'Thử lại',
  'attendance.notYet': 'Buổi học chưa bắt đầu: có thể điểm danh từ {time}.',
  'attendance.notMarkable': 'Không thể điểm danh buổi học này.',
} as const;
