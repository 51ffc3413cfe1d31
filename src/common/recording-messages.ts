// Lessons' recordings (issue 28, docs/decisions/034-recordings.md). common/messages.ts spreads
// these in; recording-messages-en.ts holds the same codes in English.

export const recordingMessages = {
  RECORDING_DELETED: 'Bản ghi đã bị xoá theo thời hạn lưu trữ.',
  RECORDING_UNAVAILABLE: 'Bản ghi này hiện không mở được. Vui lòng liên hệ trung tâm.',
  RECORDING_RETENTION_INVALID:
    'Thời hạn lưu trữ phải là số ngày từ 1 đến 3650, hoặc để trống để giữ mãi.',
  RECORDING_SETTINGS_SAVED: 'Đã lưu thời hạn lưu trữ bản ghi.',
} as const;
