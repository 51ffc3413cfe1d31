// Attendance tabs and exports. Vietnamese; the English is beside it in attendance.en.ts, key for
// key.

export const attendanceTexts = {
  'attendance.status.present': 'Có mặt',
  'attendance.status.late': 'Đi muộn',
  'attendance.status.absent': 'Vắng',
  'attendance.status.none': 'Chưa diễn ra',
  'attendance.student': 'Học viên',
  'attendance.rate': 'Tỉ lệ có mặt',
  'attendance.grid': 'Bảng điểm danh của lớp',
  'attendance.noStudents': 'Lớp học chưa có học viên.',
  'attendance.noLessons': 'Lớp học chưa có buổi học nào.',
  'attendance.exportCsv': 'Xuất CSV',
  'attendance.exportXlsx': 'Xuất Excel',
  'attendance.lesson': 'Buổi học',
  'attendance.firstJoin': 'Vào lúc',
  'attendance.lastLeave': 'Rời lúc',
  'attendance.minutes': 'Số phút',
  'attendance.status': 'Trạng thái',
  'attendance.reported': 'Theo Zoom: {status}',
  'attendance.correctedBy': 'Đã sửa bởi {name}',
  'attendance.correct': 'Sửa trạng thái của {name}',
  'attendance.fromProvider': 'Theo dữ liệu Zoom',
  'attendance.rule':
    'Có mặt khi tham dự từ {percent}% buổi học; đi muộn khi vào sau {minutes} phút.',
  'attendance.notBegun': 'Buổi học chưa diễn ra.',
  'attendance.mine': 'Điểm danh của bạn',
  'attendance.minutesValue': '{minutes} phút',
} as const;
