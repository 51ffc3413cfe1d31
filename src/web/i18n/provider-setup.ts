// Settings → the video provider's card: connecting the center's video provider apps from the app
// (docs/decisions/024). Vietnamese; the English is beside it in provider-setup.en.ts, key for key.
// The field names are the provider's own, as its App Marketplace shows them.

export const providerSetupTexts = {
  'providerSetup.cardTitle': 'Zoom',
  'providerSetup.cardText':
    'Kết nối tài khoản Zoom của trung tâm: buổi học trực tuyến được tạo và mở trên Zoom.',
  'providerSetup.connected': 'Đã kết nối',
  'providerSetup.notConnected': 'Chưa kết nối',
  'providerSetup.dialogTitle': 'Kết nối Zoom',
  'providerSetup.intro':
    'Tạo các ứng dụng trên Zoom App Marketplace (marketplace.zoom.us → Develop → Build App), rồi chép từng giá trị vào đây. Giá trị được mã hóa khi lưu và không bao giờ hiển thị lại: để trống một ô để giữ giá trị đã lưu.',
  'providerSetup.group.oauth': 'Ứng dụng Server-to-Server OAuth (tạo và quản lý phòng học)',
  'providerSetup.group.sdk': 'Ứng dụng Meeting SDK (vào phòng học ngay trong trình duyệt)',
  'providerSetup.group.webhook': 'Webhook (ghi nhận học viên vào, ra phòng)',
  'providerSetup.field.account_id': 'Account ID',
  'providerSetup.field.client_id': 'Client ID',
  'providerSetup.field.client_secret': 'Client Secret',
  'providerSetup.field.sdk_key': 'SDK Key (Client ID của ứng dụng Meeting SDK)',
  'providerSetup.field.sdk_secret': 'SDK Secret (Client Secret của ứng dụng Meeting SDK)',
  'providerSetup.field.webhook_secret_token': 'Secret Token',
  'providerSetup.guide.account_id':
    'Trong ứng dụng Server-to-Server OAuth, trang App Credentials: ô Account ID.',
  'providerSetup.guide.client_id': 'Cùng trang App Credentials: ô Client ID.',
  'providerSetup.guide.client_secret':
    'Cùng trang App Credentials: ô Client Secret. Ứng dụng phải được kích hoạt (Activation) và có các scope người dùng và cuộc họp.',
  'providerSetup.guide.sdk_key':
    'Trong ứng dụng General app có bật Meeting SDK (Features → Embed → Meeting SDK), trang App Credentials: ô Client ID.',
  'providerSetup.guide.sdk_secret': 'Cùng trang App Credentials: ô Client Secret.',
  'providerSetup.guide.webhook_secret_token':
    'Trong ứng dụng Server-to-Server OAuth, trang Feature: ô Secret Token. Bật Event Subscriptions, dán địa chỉ webhook bên dưới và chọn các sự kiện meeting.started, meeting.ended, meeting.participant_joined, meeting.participant_left.',
  'providerSetup.webhookUrl': 'Địa chỉ webhook (Event notification endpoint URL)',
  'providerSetup.copy': 'Sao chép địa chỉ webhook',
  'providerSetup.copied': 'Đã sao chép',
  'providerSetup.fromEnvironment':
    'Đặt bởi biến môi trường của máy chủ ({variable}): không sửa được ở đây.',
  'providerSetup.storedMasked': 'Đã lưu ({masked}).',
  'providerSetup.stored': 'Đã lưu.',
  'providerSetup.notSet': 'Chưa đặt.',
  'providerSetup.unreadable':
    'Giá trị đã lưu không giải mã được bằng khóa hiện tại của máy chủ (SECRETS_KEY đã đổi?): hãy nhập lại.',
  'providerSetup.keepPlaceholder': 'Để trống để giữ giá trị đã lưu',
  'providerSetup.clear': 'Xóa {field}',
  'providerSetup.clearShort': 'Xóa',
  'providerSetup.willClear': 'Sẽ xóa khi lưu.',
  'providerSetup.keep': 'Giữ lại',
  'providerSetup.save': 'Lưu và kiểm tra kết nối',
  'providerSetup.verdict': 'Kết quả kiểm tra kết nối',
  'providerSetup.open': 'Mở Cài đặt',
} as const;
