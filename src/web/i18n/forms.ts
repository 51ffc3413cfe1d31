// What every form shares: the date, time and date-time fields, and the question asked before a
// dialog's typed input is thrown away. Vietnamese; the English is beside it in forms.en.ts, key for
// key.

export const formTexts = {
  'dates.invalidDate': 'Ngày không hợp lệ, hãy nhập theo dạng dd/mm/yyyy',
  'dates.invalidDateTime': 'Thời gian không hợp lệ, hãy nhập theo dạng dd/mm/yyyy HH:mm',
  'dates.invalidTime': 'Giờ không hợp lệ, hãy nhập theo dạng HH:mm',
  'dates.hours': 'Giờ',
  'dates.minutes': 'Phút',
  'dates.confirmTime': 'Xong',
  'dates.clear': 'Xóa ngày',
  'dates.previousMonth': 'Tháng trước',
  'dates.nextMonth': 'Tháng sau',
  'discard.title': 'Bỏ các thay đổi?',
  'discard.message': 'Những gì bạn đã nhập trong hộp thoại này sẽ bị mất.',
  'discard.confirm': 'Bỏ thay đổi',
  'discard.keepEditing': 'Tiếp tục chỉnh sửa',
} as const;
