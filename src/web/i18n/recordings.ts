// Lessons' recordings (issue 28, docs/decisions/034-recordings.md): 'Xem lại' on a recorded
// lesson, what a lesson without one says, the class's automatic cloud recording switch and the
// retention card in Settings. Vietnamese; the English is beside it in recordings.en.ts.

export const recordingTexts = {
  'recordings.watch': 'Xem lại',
  'recordings.watchLabel': 'Xem lại bản ghi buổi học {topic}',
  'recordings.watchPart': 'Xem lại (phần {n})',
  'recordings.deleted': 'Bản ghi đã bị xoá theo thời hạn lưu trữ',
  'recordings.none': 'Buổi học này không có bản ghi (học tại phòng hoặc qua đường link riêng)',
  'recordings.autoRecord': 'Tự động ghi hình lên đám mây',
  'recordings.autoRecordHint':
    'Các buổi học trực tuyến của lớp được ghi hình lên đám mây ngay khi bắt đầu; học viên của lớp xem lại sau buổi học.',
  'recordings.settings.title': 'Bản ghi buổi học',
  'recordings.settings.text':
    'Thời gian giữ bản ghi trên đám mây. Quá hạn, bản ghi được xoá khỏi nhà cung cấp và buổi học ghi rõ đã xoá.',
  'recordings.settings.days': 'Số ngày lưu trữ',
  'recordings.settings.daysHint': 'Từ 1 đến 3650 ngày; để trống để giữ mãi.',
  'recordings.settings.current': 'Đang giữ bản ghi {days} ngày',
  'recordings.settings.forever': 'Đang giữ bản ghi mãi mãi',
  'recordings.settings.save': 'Lưu thời hạn',
} as const;
