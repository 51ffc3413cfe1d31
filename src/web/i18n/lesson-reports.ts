// Lesson reports and homework (issue 29, docs/decisions/037-lesson-reports.md): the report's
// dialog on a held lesson and the 'Nhận xét buổi học' page. Vietnamese; the English is beside it
// in lesson-reports.en.ts.

export const lessonReportTexts = {
  'lessonReports.title': 'Nhận xét buổi học',
  'lessonReports.subtitle.student':
    'Nội dung các buổi học đã qua, bài tập về nhà và nhận xét dành cho bạn.',
  'lessonReports.subtitle.parent':
    'Nhận xét các buổi học của con, bài tập về nhà và nhận xét của giáo viên.',
  'lessonReports.subtitle.teacher': 'Các buổi bạn đã dạy: buổi đã có nhận xét và buổi còn thiếu.',
  'lessonReports.subtitle.staff': 'Các buổi học đã diễn ra mà chưa có nhận xét của giáo viên.',
  'lessonReports.open': 'Nhận xét buổi học',
  'lessonReports.openFor': 'Nhận xét buổi học {topic}',
  'lessonReports.covered': 'Nội dung buổi học',
  'lessonReports.homework': 'Bài tập về nhà',
  'lessonReports.homeworkHint': 'Không bắt buộc.',
  'lessonReports.noHomework': 'Không có bài tập về nhà.',
  'lessonReports.notes': 'Nhận xét từng học viên',
  'lessonReports.noteFor': 'Nhận xét cho {name}',
  'lessonReports.yourNote': 'Nhận xét cho bạn',
  'lessonReports.childNote': 'Nhận xét cho {name}',
  'lessonReports.noNote': 'Không có nhận xét riêng.',
  'lessonReports.none': 'Buổi học này chưa có nhận xét.',
  'lessonReports.notHeld': 'Buổi học chưa diễn ra: nhận xét được viết sau buổi học.',
  'lessonReports.write': 'Viết nhận xét',
  'lessonReports.edit': 'Sửa nhận xét',
  'lessonReports.save': 'Lưu nhận xét',
  'lessonReports.writtenBy': 'Viết bởi {name} lúc {time}',
  'lessonReports.updatedBy': 'sửa lần cuối bởi {name} lúc {time}',
  'lessonReports.stateLabel': 'Nhận xét',
  'lessonReports.state.missing': 'Chưa có nhận xét',
  'lessonReports.state.written': 'Đã có nhận xét',
  'lessonReports.state.all': 'Tất cả',
  'lessonReports.class': 'Lớp học',
  'lessonReports.anyClass': 'Mọi lớp',
  'lessonReports.teacher': 'Giáo viên',
  'lessonReports.anyTeacher': 'Mọi giáo viên',
  'lessonReports.from': 'Từ ngày',
  'lessonReports.to': 'Đến ngày',
  'lessonReports.empty': 'Chưa có buổi học nào ở đây.',
  'lessonReports.emptyMissing': 'Mọi buổi học đã diễn ra đều đã có nhận xét.',
  'lessonReports.count': '{count} buổi học',
} as const;
