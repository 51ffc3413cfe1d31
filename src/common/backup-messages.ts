// Backups and restore (issue 30, docs/decisions/042-backups.md). common/messages.ts spreads these
// in; backup-messages-en.ts holds the same codes in English.

export const backupMessages = {
  BACKUP_TIME_INVALID: 'Giờ sao lưu phải có dạng HH:MM (00:00 đến 23:59).',
  BACKUP_KEEP_INVALID:
    'Số bản giữ lại phải là số nguyên: hằng ngày từ 1 đến 365, hằng tuần từ 0 đến 520.',
  BACKUP_FOLDER_NOT_ABSOLUTE: 'Thư mục sao lưu phải là đường dẫn tuyệt đối (bắt đầu bằng /).',
  BACKUP_FOLDER_NOT_WRITABLE: 'Máy chủ không ghi được vào thư mục sao lưu {folder}.',
  BACKUP_FOLDER_PUBLIC:
    'Thư mục sao lưu không được nằm trong thư mục công khai của trang web hay thư mục tệp tải lên.',
  BACKUP_SETTINGS_SAVED: 'Đã lưu cài đặt sao lưu.',
  BACKUP_STARTED: 'Đang sao lưu…',
  BACKUP_RUNNING: 'Một bản sao lưu đang chạy. Vui lòng đợi nó xong.',
  BACKUP_NOTHING_TO_COPY:
    'Không có gì để sao lưu ở đây: cơ sở dữ liệu PostgreSQL và các tệp trong đó được sao lưu bằng pg_dump.',
  BACKUP_FILE_GONE: 'Tệp sao lưu này không còn trong thư mục sao lưu.',
} as const;
