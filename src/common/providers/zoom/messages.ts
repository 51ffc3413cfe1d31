// The Zoom provider's part of the server's message catalogue (common/messages.ts spreads it in):
// its codes keep the ZOOM_ prefix the web catalogue is keyed by. Vietnamese; messages-en.ts beside
// it holds the same codes in English.

export const providerMessages = {
  // The pool of Zoom accounts (§8)
  ZOOM_NOT_CONFIGURED: 'Zoom chưa được cấu hình trên máy chủ.',
  // Starting a lesson held on Zoom while the server has no Zoom credentials: retrying cannot help.
  ZOOM_NOT_CONNECTED:
    'Zoom chưa được kết nối nên không thể bắt đầu buổi học trên Zoom. Chỉ admin mới kết nối được Zoom (Cài đặt → Zoom). Trong lúc chờ, hãy chuyển buổi học sang phòng học hoặc đường dẫn của lớp.',
  ZOOM_SYNC_FAILED: 'Đồng bộ thất bại: {reason}',
  ZOOM_SYNC_BAD_REPLY: 'Định dạng phản hồi không hợp lệ từ Edge Function',
  ZOOM_ALL_ADDED: 'Tất cả tài khoản Zoom đã được thêm vào hệ thống',
  ZOOM_ADD_NONE_SELECTED: 'Vui lòng chọn ít nhất một tài khoản.',
  ZOOM_ADD_FAILED: 'Lỗi khi thêm user',
  ZOOM_ADD_EXISTING: 'Không thêm được tài khoản nào: {emails} đã có trong hệ thống.',
  ZOOM_ADDED: 'Đã thêm {count} tài khoản Zoom.',
  ZOOM_ACCOUNT_ONLINE: 'Tài khoản {email} đang ONLINE, đợi meeting kết thúc',
  ZOOM_ACCOUNT_IN_USE:
    'Tài khoản {email} đang được dùng trong các buổi học. Vui lòng chuyển các buổi học sang tài khoản khác trước khi xóa.',
  ZOOM_ACCOUNT_DELETED: 'Đã xóa tài khoản Zoom.',
  ZOOM_ACCOUNT_NOT_FOUND: 'Buổi học chưa được gán tài khoản Zoom.',
  ZOOM_ACCOUNT_RELEASED: 'Đã giải phóng tài khoản {email}.',
  ZOOM_ACCOUNT_HOSTING:
    'Tài khoản {email} đang tổ chức một buổi học đang diễn ra. Hãy kết thúc buổi học đó trước.',
  ZOOM_ACCOUNT_NOT_BUSY: 'Tài khoản {email} đang rảnh, không cần giải phóng.',

  // Zoom connection check (admin): what each part of the set-up says
  ZOOM_CHECK_OAUTH_MISSING:
    'Chưa có Account ID, Client ID và Client Secret của ứng dụng Server-to-Server OAuth. Tạo ứng dụng đó trên Zoom App Marketplace, kích hoạt nó, rồi dán ba giá trị vào thẻ Zoom trong Cài đặt (hoặc đặt ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET trên máy chủ).',
  ZOOM_CHECK_OAUTH_OK: 'Zoom cấp access token cho ứng dụng Server-to-Server OAuth.',
  ZOOM_CHECK_OAUTH_REFUSED:
    'Zoom từ chối đăng nhập ({error}). Kiểm tra Account ID, Client ID, Client Secret (thẻ Zoom trong Cài đặt) và ứng dụng đã được kích hoạt (Activate) chưa.',
  ZOOM_CHECK_OAUTH_UNREACHABLE:
    'Không lấy được access token từ {url}: {error}. Kiểm tra kết nối mạng của máy chủ tới Zoom (hoặc ZOOM_OAUTH_URL).',
  ZOOM_CHECK_SKIPPED: 'Bỏ qua: bước đăng nhập API chưa thành công.',
  ZOOM_CHECK_USERS_OK:
    'Đọc được {count} người dùng Zoom đang hoạt động; thêm họ vào danh sách bằng SYNC.',
  ZOOM_CHECK_USERS_NONE:
    'Tài khoản Zoom không có người dùng nào đang hoạt động để tổ chức buổi học.',
  ZOOM_CHECK_USERS_FAILED:
    'Không đọc được danh sách người dùng ({error}). Thêm các scope user:read:list_users:admin, user:read:token:admin, meeting:write:meeting:admin, meeting:read:meeting:admin, meeting:update:meeting:admin cho ứng dụng Server-to-Server OAuth.',
  ZOOM_CHECK_SDK_MISSING:
    'Chưa có SDK Key và SDK Secret (Client ID và Client Secret của ứng dụng Meeting SDK, nhập ở thẻ Zoom trong Cài đặt): giáo viên và học viên không vào được phòng học.',
  ZOOM_CHECK_SDK_OK:
    'Ký được chữ ký Meeting SDK (HS256). Zoom chỉ xác nhận chữ ký khi có người vào phòng: nếu lúc đó báo "Signature is invalid", kiểm tra lại hai giá trị này.',
  ZOOM_CHECK_SDK_FAILED: 'Không ký được chữ ký Meeting SDK.',
  ZOOM_CHECK_WEBHOOK_MISSING:
    'Chưa có Secret Token của webhook (thẻ Zoom trong Cài đặt): buổi học vẫn kết thúc sau giờ học (máy chủ hỏi Zoom), nhưng không ghi nhận học viên vào, ra phòng.',
  ZOOM_CHECK_WEBHOOK_OK:
    'Đã đặt secret token. Trong Event Subscription của ứng dụng, địa chỉ nhận sự kiện là {url}, với các sự kiện meeting.started, meeting.ended, meeting.participant_joined và meeting.participant_left.',
  ZOOM_CHECK_WEB_SDK_LOCAL: 'Web Meeting SDK {version} được máy chủ này phục vụ tại {url}.',
  ZOOM_CHECK_WEB_SDK_INCOMPLETE:
    'Gói @zoom/meetingsdk {version} thiếu {files}: chạy lại npm install.',
  ZOOM_CHECK_WEB_SDK_OK: 'Web Meeting SDK {version} tải được từ {url}.',
  ZOOM_CHECK_WEB_SDK_HTTP:
    '{url} trả lời HTTP {status}: kiểm tra ZOOM_SDK_VERSION và ZOOM_SDK_ASSET_URL.',
  ZOOM_CHECK_SCOPES_UNKNOWN:
    'Zoom không cho biết mã truy cập có những quyền (scope) nào: kiểm tra trong trang quyền của ứng dụng Server-to-Server OAuth.',
  ZOOM_CHECK_REPORT_SCOPE_OK:
    'Có scope đọc báo cáo người tham gia ({scope}): điểm danh được đối chiếu với báo cáo Zoom sau mỗi buổi học (cần gói Zoom trả phí).',
  ZOOM_CHECK_REPORT_SCOPE_MISSING:
    'Thiếu scope report:read:list_meeting_participants:admin (hoặc report:read:admin): điểm danh chỉ theo sự kiện webhook, không đối chiếu với báo cáo Zoom.',
  ZOOM_CHECK_RECORDING_SCOPES_OK: 'Có scope đọc và xóa bản ghi trên đám mây ({scope}).',
  ZOOM_CHECK_RECORDING_SCOPES_MISSING:
    'Thiếu scope bản ghi trên đám mây ({missing}): buổi học không có nút Xem lại, và bản ghi quá hạn không được xóa khỏi Zoom.',
  ZOOM_CHECK_WEB_SDK_UNREACHABLE:
    'Không tải được {url} ({error}): kiểm tra ZOOM_SDK_ASSET_URL hoặc dùng bản có sẵn trong gói (bỏ ZOOM_SDK_VERSION).',

  // Zoom's credentials set in the app (Settings → Zoom, docs/decisions/024)
  ZOOM_SETTINGS_SAVED: 'Đã lưu cài đặt Zoom.',
  ZOOM_SETTING_INVALID:
    'Giá trị không hợp lệ: dán nguyên giá trị chép từ Zoom App Marketplace (không có khoảng trắng, tối đa 512 ký tự).',
  ZOOM_SETTING_FROM_ENVIRONMENT:
    '{variable} được đặt trong biến môi trường của máy chủ nên không sửa được ở đây: biến môi trường được ưu tiên.',
  ZOOM_SETTINGS_INCOMPLETE: 'Cần nhập đủ {fields} cùng nhau (hoặc xóa cả).',
} as const;
