// The meeting errors' titles of product.md §8 by the server's code, and the meeting tab's words.
// Vietnamese; the English is beside it in meeting-errors.en.ts, key for key.

export const meetingErrorTexts = {
  // Titles of the meeting errors of product.md §8, by the server's code
  'meetingError.MEETING_TOO_LATE': 'Quá thời gian',
  'meetingError.MEETING_NO_FREE_ACCOUNT': 'Lỗi tài khoản Zoom',
  'meetingError.MEETING_ASSIGN_FAILED': 'Lỗi tài khoản Zoom',
  'meetingError.MEETING_CREATE_FAILED': 'Lỗi tạo meeting',
  'meetingError.MEETING_SIGNATURE_FAILED': 'Lỗi xác thực',
  'meetingError.MEETING_SDK_NOT_CONFIGURED': 'Lỗi xác thực',
  'meetingError.MEETING_TOO_EARLY': 'Chưa đến giờ',
  'meetingError.MEETING_START_FORBIDDEN': 'Không có quyền',
  'meetingError.FORBIDDEN': 'Không có quyền',
  'meetingError.MEETING_DATA_MISSING': 'Lỗi dữ liệu',
  'meetingError.MEETING_NOT_STARTED': 'Chưa có meeting',
  'meetingError.MEETING_CANNOT_JOIN': 'Không thể tham gia',
  'meetingError.notConnected': 'Chưa kết nối',
  'meetingError.other': 'Lỗi hệ thống',
  'meetingError.tabBlocked': 'Lỗi mở tab',
  'meetingTab.closedTitle': 'Không vào được buổi học',
  'meetingTab.closed': 'Tab cuộc họp đã đóng trước khi vào được buổi học. Vui lòng thử lại.',
  'meetingTab.closedBecause': 'Tab cuộc họp đã đóng trước khi vào được buổi học: {reason}',
  'meeting.roleHost': 'Host (Teacher)',
  'meeting.roleParticipant': 'Participant (Student)',
} as const;
