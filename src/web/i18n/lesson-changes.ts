// One lesson moved or cancelled (docs/decisions/020): the actions, their dialogs, and a cancelled
// lesson as lists show it. Vietnamese; the English is beside it in lesson-changes.en.ts, key for key.

export const lessonChangeTexts = {
  'lesson.status.cancelled': 'Đã huỷ',
  'schedules.tab.cancelled': 'Đã huỷ',
  'lessonChange.actions': 'Dời hoặc huỷ buổi học {topic}',
  'lessonChange.move': 'Dời buổi học',
  'lessonChange.cancel': 'Huỷ buổi học',
  'lessonChange.now': 'Hiện tại: {time}',
  'lessonChange.date': 'Ngày học',
  'lessonChange.startTime': 'Giờ bắt đầu',
  'lessonChange.minutes': 'Thời lượng (phút)',
  'lessonChange.newTime': 'Thời gian mới: {time}',
  'lessonChange.moveHint': 'Học viên và giáo viên của lớp sẽ được thông báo giờ mới.',
  'lessonChange.reason': 'Lý do huỷ',
  'lessonChange.reasonHint': 'Học viên và giáo viên của lớp sẽ nhận được lý do này.',
  'lessonChange.close': 'Đóng',
  'lessonChange.cancelledReason': 'Lý do huỷ: {reason}',
  'lessonChange.cancelledBy': 'Huỷ bởi {name} lúc {time}',
} as const;
