// The Settings cards of issue 26 ('Users', 'Security', what 'Notifications' and 'System' will
// hold), the chat panel's choice, and one's own sessions and current password in the profile
// dialog. Vietnamese; the English is beside it in settings-cards.en.ts, key for key.

export const settingsCardTexts = {
  // The cards
  'settingsCards.users.text':
    'Ngôn ngữ của tài khoản mới, thời hạn mật khẩu lần đầu, quyền xuất danh sách của nhân viên',
  'settingsCards.security.text':
    'Các phiên đăng nhập đang hoạt động và giới hạn đăng nhập đang áp dụng',
  'settingsCards.system.text':
    'Sao lưu cơ sở dữ liệu và các tệp đã tải lên, kiểm tra từng bản, tải về và khôi phục.',
  // Users card
  'settingsCards.users.dialogTitle': 'Người dùng',
  'settingsCards.users.language': 'Ngôn ngữ của tài khoản mới',
  'settingsCards.users.languageBrowser': 'Theo trình duyệt',
  'settingsCards.users.languageHint':
    'Người dùng vẫn có thể đổi ngôn ngữ trong hồ sơ cá nhân của mình.',
  'settingsCards.users.hours': 'Thời hạn mật khẩu lần đầu (giờ)',
  'settingsCards.users.hoursHint':
    'Mật khẩu do quản trị viên hoặc nhân viên cấp hết hạn nếu chưa được đổi sau chừng này giờ (1–720).',
  'settingsCards.users.staffExport': 'Nhân viên được xuất danh sách (CSV, Excel)',
  'settingsCards.users.staffExportHint':
    'Khi tắt, nhân viên không thấy nút xuất và máy chủ từ chối mọi yêu cầu xuất của nhân viên.',
  // Chat panel (center information dialog)
  'settingsCards.chat.label': 'Hiển thị khung CHAT BOT AI',
  'settingsCards.chat.hint': 'Khi tắt, khung chat biến mất khỏi thanh bên của mọi người dùng.',
  // Security card
  'settingsCards.security.dialogTitle': 'Bảo mật',
  'settingsCards.security.limitsTitle': 'Giới hạn đăng nhập đang áp dụng',
  'settingsCards.security.limitPair':
    'Sau {count} lần sai mật khẩu của một email từ cùng một địa chỉ trong {minutes} phút, địa chỉ đó bị chặn với email này cho đến hết khoảng thời gian.',
  'settingsCards.security.limitDelay':
    'Sau {free} lần sai từ địa chỉ lạ, mỗi lần thử tiếp theo bị trả lời chậm dần (tối đa {seconds} giây).',
  'settingsCards.security.limitDay':
    'Một email nhận tối đa {count} lần sai mỗi ngày từ các địa chỉ nó chưa từng đăng nhập.',
  'settingsCards.security.limitIp':
    'Một địa chỉ được thử sai tối đa {count} lần trong {minutes} phút trên mọi email.',
  'settingsCards.security.limitSession':
    'Một phiên kết thúc sau {idle} giờ không dùng, và sau tối đa {days} ngày.',
  'settingsCards.security.limitPassword':
    'Đổi mật khẩu cần mật khẩu hiện tại; nhập sai được tính như đăng nhập sai.',
  'settingsCards.security.sessionsTitle': 'Phiên đăng nhập đang hoạt động',
  // Sessions (the Security card and the profile dialog)
  'sessions.title': 'Phiên đăng nhập của bạn',
  'sessions.unknownDevice': 'Thiết bị không rõ',
  'sessions.unknownAddress': 'không rõ',
  'sessions.address': 'Địa chỉ IP: {ip}',
  'sessions.signedIn': 'Đăng nhập: {time}',
  'sessions.lastSeen': 'Hoạt động gần nhất: {time}',
  'sessions.current': 'Phiên này',
  'sessions.end': 'Kết thúc phiên',
  'sessions.endOf': 'Kết thúc phiên của {name} ({device})',
  'sessions.endOthers': 'Đăng xuất khỏi các thiết bị khác',
  'sessions.none': 'Không có phiên nào khác.',
  'sessions.loadFailed': 'Không tải được danh sách phiên đăng nhập',
  // Current password (profile dialog)
  'password.current': 'Mật khẩu hiện tại',
} as const;
