// Attendance tabs and exports. Both languages, key for key.

const vi = {
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
  'attendance.fromZoom': 'Theo dữ liệu Zoom',
  'attendance.rule':
    'Có mặt khi tham dự từ {percent}% buổi học; đi muộn khi vào sau {minutes} phút.',
  'attendance.notBegun': 'Buổi học chưa diễn ra.',
  'attendance.mine': 'Điểm danh của bạn',
  'attendance.minutesValue': '{minutes} phút',
} as const;

const en: Record<keyof typeof vi, string> = {
  'attendance.status.present': 'Present',
  'attendance.status.late': 'Late',
  'attendance.status.absent': 'Absent',
  'attendance.status.none': 'Not held yet',
  'attendance.student': 'Student',
  'attendance.rate': 'Attendance rate',
  'attendance.grid': "The class's attendance",
  'attendance.noStudents': 'The class has no students yet.',
  'attendance.noLessons': 'The class has no lessons yet.',
  'attendance.exportCsv': 'Export CSV',
  'attendance.exportXlsx': 'Export Excel',
  'attendance.lesson': 'Lesson',
  'attendance.firstJoin': 'Joined',
  'attendance.lastLeave': 'Left',
  'attendance.minutes': 'Minutes',
  'attendance.status': 'Status',
  'attendance.reported': 'From Zoom: {status}',
  'attendance.correctedBy': 'Corrected by {name}',
  'attendance.correct': 'Correct the status of {name}',
  'attendance.fromZoom': "From Zoom's data",
  'attendance.rule':
    'Present from {percent}% of the lesson; late when joining after {minutes} minutes.',
  'attendance.notBegun': 'The lesson has not taken place yet.',
  'attendance.mine': 'Your attendance',
  'attendance.minutesValue': '{minutes} min',
};

export const attendanceTexts = { vi, en };
