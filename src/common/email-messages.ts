// E-mail and 'Quên mật khẩu?' (issue 29 points 4 and 5, docs/decisions/039 and 040).
// common/messages.ts spreads these in; email-messages-en.ts holds the same codes in English.

export const emailMessages = {
  EMAIL_ADDRESS_INVALID: 'Vui lòng nhập một địa chỉ email hợp lệ.',
  EMAIL_LOOK_ALIKE_CHARACTERS:
    'Email chỉ được gồm chữ cái không dấu (a–z), chữ số và ký hiệu: không có chữ có dấu, chữ của bảng chữ cái khác hay ký tự ẩn (khoảng trắng, ký tự không độ rộng).',
  SMTP_HOST_INVALID: 'Máy chủ SMTP không hợp lệ (ví dụ smtp.gmail.com).',
  SMTP_PORT_INVALID: 'Cổng SMTP từ 1 đến 65535.',
  SMTP_SECURITY_INVALID: 'Vui lòng chọn kiểu bảo mật: không, STARTTLS hoặc TLS.',
  EMAIL_SETTINGS_SAVED: 'Đã lưu cài đặt email.',
  EMAIL_PREFERENCES_SAVED: 'Đã lưu lựa chọn nhận email.',
  EMAIL_NOT_CONFIGURED: 'Chưa cài đặt máy chủ gửi email (SMTP).',
  EMAIL_TEST_SENT: 'Đã gửi thư thử tới {to}.',
  SMTP_CONNECTION_FAILED: 'Không kết nối được tới máy chủ SMTP {host}:{port}: {detail}',
  SMTP_AUTH_FAILED: 'Máy chủ SMTP từ chối tên đăng nhập hoặc mật khẩu: {detail}',
  SMTP_TIMEOUT: 'Máy chủ SMTP {host}:{port} không trả lời kịp.',
  SMTP_TLS_FAILED: 'Không thiết lập được kết nối bảo mật (TLS) với máy chủ SMTP: {detail}',
  SMTP_REFUSED: 'Máy chủ SMTP từ chối thư: {detail}',
  PASSWORD_RESET_SENT: 'Nếu địa chỉ này có tài khoản, chúng tôi đã gửi liên kết đặt lại mật khẩu.',
  PASSWORD_RESET_ASK_STAFF:
    'Trung tâm chưa bật gửi email. Vui lòng liên hệ nhân viên trung tâm để được cấp mật khẩu mới.',
  PASSWORD_RESET_INVALID: 'Liên kết đặt lại mật khẩu không hợp lệ, đã hết hạn hoặc đã được dùng.',
  PASSWORD_RESET_DONE: 'Đã đặt mật khẩu mới. Vui lòng đăng nhập.',
} as const;
