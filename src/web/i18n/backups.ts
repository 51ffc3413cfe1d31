// Settings → 'Hệ thống': backups and restore (issue 30, docs/decisions/042-backups.md).
// Vietnamese; the English is beside it in backups.en.ts.

export const backupTexts = {
  'backups.now': 'Sao lưu ngay',
  'backups.settingsOpen': 'Lịch sao lưu',
  'backups.settingsTitle': 'Lịch sao lưu',
  'backups.enabled': 'Tự động sao lưu hằng ngày',
  'backups.time': 'Giờ sao lưu',
  'backups.timeHint': 'HH:MM, theo giờ của trung tâm',
  'backups.keepDaily': 'Số bản hằng ngày giữ lại',
  'backups.keepWeekly': 'Số bản hằng tuần giữ lại',
  'backups.folder': 'Thư mục sao lưu',
  'backups.folderHint':
    'Đường dẫn tuyệt đối trên máy chủ (ví dụ một ổ đĩa gắn thêm). Để trống: thư mục sao lưu mặc định trong thư mục dữ liệu.',
  'backups.save': 'Lưu',
  'backups.cancel': 'Huỷ',
  'backups.schedule':
    'Sao lưu hằng ngày lúc {time}; giữ {daily} bản hằng ngày và {weekly} bản hằng tuần.',
  'backups.scheduleOff': 'Sao lưu tự động đang tắt.',
  'backups.folderNow': 'Thư mục: {folder}',
  'backups.lastFailure': 'Lần sao lưu lỗi gần nhất',
  'backups.failedAt': '{time}: {error}',
  'backups.progress': 'Đang sao lưu… {percent}%',
  'backups.progressLabel': 'Tiến độ sao lưu',
  'backups.none': 'Chưa có bản sao lưu nào.',
  'backups.listLabel': 'Các bản sao lưu',
  'backups.colTime': 'Thời gian',
  'backups.colSize': 'Dung lượng',
  'backups.colCheck': 'Kiểm tra',
  'backups.manual': 'thủ công',
  'backups.running': 'Đang chạy',
  'backups.checkOk': 'Kiểm tra đạt',
  'backups.checkFailed': 'Lỗi',
  'backups.checkDetail': '{tables} bảng, {rows} dòng, {files} tệp',
  'backups.download': 'Tải về',
  'backups.downloadLabel': 'Tải về bản sao lưu lúc {time}',
  'backups.sizeKb': '{n} KB',
  'backups.sizeMb': '{n} MB',
  'backups.restoreHow': 'Khôi phục: dừng máy chủ rồi chạy',
  'backups.postgresFiles':
    'Cơ sở dữ liệu PostgreSQL được sao lưu bằng công cụ của chính nó (pg_dump, hoặc bản sao lưu của nhà cung cấp máy chủ). Ở đây chỉ sao lưu các tệp đã tải lên.',
  'backups.postgresOnly':
    'Cơ sở dữ liệu PostgreSQL (cùng các tệp đã tải lên, nằm trong nó) được sao lưu bằng công cụ của chính nó: pg_dump, hoặc bản sao lưu của nhà cung cấp máy chủ.',
} as const;
