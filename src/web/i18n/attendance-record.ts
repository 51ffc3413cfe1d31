// A student's attendance across their classes, and the marks of fair attendance (who left, who
// was not yet in the class, a lesson ended early). Vietnamese; English in attendance-record.en.ts.

export const attendanceRecordTexts = {
  'attendanceRecord.title': 'Điểm danh của tôi',
  'attendanceRecord.subtitle': 'Điểm danh ở tất cả các lớp của bạn',
  'attendanceRecord.section': 'Điểm danh ở các lớp',
  'attendanceRecord.overall': 'Tỉ lệ có mặt chung: {rate}',
  'attendanceRecord.classRate': 'Tỉ lệ có mặt: {rate}',
  'attendanceRecord.leftOn': 'Đã rời lớp ngày {date}',
  'attendanceRecord.left': 'Đã rời lớp',
  'attendanceRecord.notYetIn': 'Chưa vào lớp',
  'attendanceRecord.noClasses': 'Chưa có lớp học nào.',
  'attendanceRecord.noLessons': 'Chưa có buổi học nào trong thời gian học ở lớp.',
  'attendanceRecord.endedEarly':
    'Buổi học kết thúc sớm lúc {time}: tỉ lệ tham dự được tính trên thời gian thực tế.',
} as const;
