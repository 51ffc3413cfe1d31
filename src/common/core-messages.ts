// The user-facing codes of the app's core (sign-in, accounts, classes, lessons, settings), in
// Vietnamese as the specification writes them: messages.ts joins them with the features' own
// catalogues. A module of its own so the login route's first download carries these and no more.
export const coreMessages = {
  // Generic
  UNAUTHENTICATED: 'Bạn cần đăng nhập để tiếp tục.',
  FORBIDDEN: 'Bạn không có quyền thực hiện thao tác này',
  NOT_FOUND: 'Không tìm thấy dữ liệu yêu cầu.',
  ROUTE_NOT_FOUND: 'Không tìm thấy đường dẫn API.',
  VALIDATION: 'Dữ liệu không hợp lệ.',
  CROSS_ORIGIN: 'Yêu cầu từ nguồn khác bị từ chối.',
  UNSUPPORTED_MEDIA_TYPE: 'Định dạng nội dung không được hỗ trợ.',
  PAYLOAD_TOO_LARGE: 'Dữ liệu gửi lên quá lớn.',
  IMAGE_DAMAGED: 'Tệp ảnh bị hỏng hoặc không đầy đủ.',
  MULTIPART_INVALID: 'Dữ liệu tải lên bị hỏng hoặc không đầy đủ. Vui lòng chọn lại file.',
  IMAGE_TOO_MANY_PIXELS: 'Ảnh quá lớn: mỗi chiều tối đa {side} pixel.',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key phải gồm 8 đến 128 ký tự ASCII in được.',
  IDEMPOTENCY_KEY_REUSED: 'Idempotency-Key này đã được dùng cho một thao tác khác.',
  IDEMPOTENCY_KEY_BODY_MISMATCH: 'Idempotency-Key này đã được dùng với nội dung khác.',
  JSON_INVALID: 'Dữ liệu gửi lên không phải JSON hợp lệ.',
  JSON_DUPLICATE_KEY: 'Trường "{key}" xuất hiện nhiều lần.',
  JSON_TOO_DEEP: 'Dữ liệu lồng nhau quá sâu.',
  JSON_FORBIDDEN_KEY: 'Tên trường "{key}" không được phép.',
  JSON_UNKNOWN_FIELD: 'Trường "{field}" không được phép gửi lên ở đây.',
  TEXT_INVALID_CHARACTERS: 'Dữ liệu chứa ký tự không hợp lệ.',
  RATE_LIMITED: 'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau.',
  DATABASE_UNAVAILABLE: 'Máy chủ cơ sở dữ liệu tạm thời không phản hồi. Vui lòng thử lại sau.',
  INTERNAL: 'Có lỗi hệ thống. Vui lòng thử lại.',

  // Sign-in (§5, §8)
  LOGIN_INVALID_EMAIL: 'Vui lòng nhập địa chỉ email hợp lệ',
  LOGIN_FAILED: 'Email hoặc mật khẩu không đúng',
  LOGIN_EXCEPTION: 'Đăng nhập thất bại. Vui lòng thử lại.',
  PASSWORD_CHANGE_REQUIRED: 'Bạn cần đổi mật khẩu trước khi tiếp tục.',
  FIRST_PASSWORD_EXPIRED:
    'Mật khẩu lần đầu đã hết hạn (sau {hours} giờ). Vui lòng liên hệ quản trị viên hoặc nhân viên trung tâm để được cấp mật khẩu mới.',
  FIRST_PASSWORD_SELF: 'Hãy đổi mật khẩu của chính bạn trong hồ sơ cá nhân.',
  FIRST_PASSWORD_ISSUED: 'Đã cấp mật khẩu mới: {password}. Mật khẩu chỉ hiển thị một lần.',

  // Change password (§5)
  PASSWORD_REQUIRED: 'Vui lòng nhập đầy đủ mật khẩu mới.',
  PASSWORD_TOO_SHORT: 'Mật khẩu mới phải có ít nhất 6 ký tự.',
  PASSWORD_MISMATCH: 'Mật khẩu xác nhận không khớp.',
  PASSWORD_CHANGED: 'Mật khẩu đã được thay đổi thành công.',

  // Profile (§5, §8)
  FULL_NAME_REQUIRED: 'Vui lòng nhập họ và tên.',
  PROFILE_UPDATED: 'Thông tin profile đã được cập nhật thành công.',
  LANGUAGE_SAVED: 'Đã lưu ngôn ngữ.',
  AVATAR_TYPE: 'Chỉ chấp nhận file ảnh định dạng JPEG, PNG hoặc WebP.',
  AVATAR_SIZE: 'Kích thước file không được vượt quá 5MB.',
  AVATAR_UPLOAD_FAILED: 'Có lỗi xảy ra khi tải lên avatar. Vui lòng thử lại.',
  AVATAR_UPDATED: 'Avatar đã được cập nhật thành công.',
  FILE_MISSING: 'Vui lòng chọn một file để tải lên.',

  // Create user (§5, §6, §8)
  USER_FIELDS_REQUIRED: 'Vui lòng điền đầy đủ thông tin',
  USER_EMAIL_INVALID: 'Email không hợp lệ',
  USER_EMAIL_EXISTS: 'Email {email} đã tồn tại trong hệ thống!',
  USER_CREATE_FORBIDDEN: 'Không có quyền tạo user',
  STAFF_CANNOT_CREATE_ROLE: 'Staff không thể tạo {role}. Chỉ có thể tạo teacher và student.',
  USER_CREATED: 'Tạo tài khoản thành công! Mật khẩu mặc định: {password}',
  USER_CREATE_FAILED: 'Không thể tạo tài khoản. Vui lòng thử lại.',
  USER_DELETE_SELF: 'Bạn không thể xóa tài khoản của chính mình.',
  USER_DELETE_STEP_ENROLMENTS: 'Lỗi khi xóa học viên khỏi các lớp học',
  USER_DELETE_STEP_CLASSES: 'Lỗi khi vô hiệu hóa các lớp học của giáo viên',
  USER_DELETE_STEP_ACCOUNT: 'Lỗi khi vô hiệu hóa tài khoản',
  // Correcting a person's details (docs/decisions/026)
  PHONE_INVALID: 'Số điện thoại không hợp lệ. Ví dụ: 0912 345 678 hoặc +84 912 345 678.',
  USER_UPDATED: 'Đã cập nhật thông tin tài khoản.',
  USER_UPDATE_FORBIDDEN: 'Bạn không có quyền sửa thông tin tài khoản này.',
  USER_ROLE_ADMIN_ONLY: 'Chỉ admin mới có thể đổi vai trò.',
  USER_LAST_ADMIN: 'Trung tâm phải còn ít nhất một admin đang hoạt động.',
  USER_ROLE_TEACHER_HAS_CLASSES:
    'Giáo viên này đang dạy {count} lớp. Hãy chuyển lớp cho giáo viên khác trước khi đổi vai trò.',
  USER_ROLE_STUDENT_ENROLLED:
    'Học viên này đang học {count} lớp. Hãy xóa học viên khỏi các lớp trước khi đổi vai trò.',
  USER_EMAIL_OF_DELETED:
    'Email {email} thuộc một tài khoản đã xóa. Tạo lại tài khoản với email này để khôi phục tài khoản đó.',

  // Classes (§5, §8)
  CLASS_NAME_REQUIRED: 'Vui lòng nhập tên lớp học',
  CLASS_TEACHER_REQUIRED: 'Vui lòng chọn giáo viên',
  CLASS_DATES_REQUIRED: 'Vui lòng chọn ngày bắt đầu và kết thúc',
  CLASS_DATES_ORDER: 'Ngày kết thúc không được trước ngày bắt đầu',
  CLASS_LESSONS_OUTSIDE_DATES:
    'Lớp học còn buổi học nằm ngoài khoảng ngày mới. Vui lòng dời hoặc xóa các buổi học đó trước.',
  CLASS_CREATED: 'Tạo lớp học thành công!',
  CLASS_UPDATED: 'Cập nhật lớp học thành công!',
  CLASS_DELETED: 'Đã xóa lớp học.',
  CLASSES_HANDED_OVER: 'Đã chuyển {count} lớp học cho {teacher}.',
  HANDOVER_SAME_TEACHER: 'Hãy chọn một giáo viên khác để nhận lớp.',
  HANDOVER_CLASHES:
    'Không thể chuyển lớp: {count} buổi học trùng lịch với giáo viên mới ({lessons}). Chưa lớp nào được chuyển.',
  ENROL_NOT_STUDENT: 'Chỉ có thể thêm học viên đang hoạt động vào lớp.',
  ENROL_ALREADY: 'Học viên đã có trong lớp học này.',
  ENROL_EMPTY: 'Vui lòng chọn ít nhất một học viên.',
  ENROL_ADDED: 'Đã thêm học viên vào lớp.',
  ENROL_REMOVED: 'Đã xóa học viên khỏi lớp.',
  ENROL_NOT_FOUND: 'Học viên không có trong lớp học này.',

  // Schedules (§5, §8)
  SCHEDULE_TOPIC_REQUIRED: 'Vui lòng nhập chủ đề buổi học',
  SCHEDULE_TIMES_REQUIRED: 'Vui lòng chọn thời gian bắt đầu và kết thúc',
  SCHEDULE_END_AFTER_START: 'Thời gian kết thúc phải sau thời gian bắt đầu',
  SCHEDULE_START_IN_PAST: 'Thời gian bắt đầu không thể trong quá khứ',
  SCHEDULE_OUTSIDE_CLASS: 'Buổi học phải nằm trong thời gian của lớp học ({start} – {end}).',
  SCHEDULE_OVERLAP_CLASS: 'Lớp học đã có buổi học khác trong khoảng thời gian này.',
  SCHEDULE_OVERLAP_TEACHER: 'Giáo viên đã có buổi học của lớp khác trong khoảng thời gian này.',
  SCHEDULE_CREATED: 'Đã thêm buổi học.',
  SCHEDULE_DELETED: 'Buổi học đã được xóa thành công',
  SCHEDULE_DELETE_FAILED: 'Lỗi xóa buổi học',
  SCHEDULE_DELETE_ACTIVE: 'Buổi học đang diễn ra. Vui lòng kết thúc buổi học trước khi xóa.',
  SCHEDULE_DELETE_COMPLETED_ADMIN_ONLY: 'Chỉ admin mới có thể xóa buổi học đã kết thúc.',
  SCHEDULE_TOO_LONG: 'Một buổi học không thể dài quá 12 giờ.',
  SCHEDULES_LOAD_FAILED: 'Không thể tải danh sách lịch học',
  // One lesson moved or cancelled
  LESSON_NOT_PENDING: 'Buổi học đã bắt đầu hoặc đã kết thúc nên không thể dời hay huỷ.',
  LESSON_ALREADY_CANCELLED: 'Buổi học này đã bị huỷ.',
  LESSON_CANCEL_REASON_REQUIRED: 'Vui lòng nhập lý do huỷ buổi học.',
  LESSON_CANCEL_REASON_TOO_LONG: 'Lý do huỷ không được quá 500 ký tự.',
  LESSON_MOVED: 'Đã dời buổi học.',
  LESSON_CANCELLED: 'Đã huỷ buổi học.',
  DATE_TO_BEFORE_FROM: 'Ngày kết thúc phải bằng hoặc sau ngày bắt đầu.',

  // Bulk import and export of accounts
  IMPORT_FILE_REQUIRED: 'Vui lòng chọn một tệp CSV hoặc Excel (.xlsx).',
  IMPORT_FILE_UNREADABLE: 'Không đọc được tệp: hãy dùng CSV (UTF-8) hoặc Excel (.xlsx).',
  IMPORT_FILE_EMPTY: 'Tệp không có dòng dữ liệu nào.',
  IMPORT_TOO_MANY_ROWS: 'Mỗi lần chỉ nhập được tối đa 10000 dòng.',
  IMPORT_CLASS_STUDENTS_ONLY: 'Chỉ có thể xếp lớp khi nhập học viên.',
  IMPORT_NOTHING_TO_IMPORT: 'Không có dòng nào để nhập: mọi dòng đều đã có hoặc không hợp lệ.',
  IMPORT_DONE:
    'Đã nhập: {created} tài khoản mới, {reactivated} tài khoản được kích hoạt lại, {skipped} dòng bỏ qua.',

  // Attendance
  ATTENDANCE_BEFORE_START: 'Buổi học chưa bắt đầu: có thể điểm danh từ {time}.',
  ATTENDANCE_LESSON_NOT_MARKABLE: 'Không thể điểm danh buổi học ở trạng thái này.',
  ATTENDANCE_MARK_FORBIDDEN:
    'Chỉ giáo viên của lớp, quản trị viên và nhân viên mới có thể điểm danh buổi học này.',
  ATTENDANCE_NOT_ENROLLED: 'Học viên không học ở lớp này vào thời gian của buổi học.',
  ATTENDANCE_CORRECTED: 'Đã cập nhật điểm danh.',
  ATTENDANCE_CORRECTION_CLEARED: 'Đã bỏ điểm danh tay: trạng thái theo dữ liệu Zoom (nếu có).',
  ATTENDANCE_ALL_PRESENT: 'Đã điểm danh có mặt cho {count} học viên.',
  ATTENDANCE_ALL_MARKED_ALREADY: 'Mọi học viên đã có trạng thái điểm danh.',

  // Calendar feeds
  CALENDAR_FEED_CREATED: 'Đã tạo đường dẫn lịch mới. Đường dẫn cũ (nếu có) không còn dùng được.',
  CALENDAR_FEED_REVOKED: 'Đã thu hồi đường dẫn lịch.',
  CALENDAR_FEED_NOT_FOUND: 'Đường dẫn lịch không tồn tại hoặc đã bị thu hồi.',

  // Lesson series (recurring lessons)
  SERIES_TOPIC_REQUIRED: 'Vui lòng nhập mẫu chủ đề, ví dụ Unit {n}',
  SERIES_WEEKDAYS_REQUIRED: 'Vui lòng chọn ít nhất một ngày trong tuần',
  SERIES_TIME_INVALID: 'Vui lòng nhập giờ bắt đầu dạng HH:mm',
  SERIES_DURATION_INVALID: 'Thời lượng phải từ 15 đến 720 phút',
  SERIES_FIRST_DATE_REQUIRED: 'Vui lòng chọn ngày đầu tiên',
  SERIES_END_REQUIRED: 'Vui lòng nhập số buổi hoặc ngày kết thúc',
  SERIES_COUNT_INVALID: 'Số buổi phải từ 1 đến 200',
  SERIES_END_BEFORE_FIRST: 'Ngày kết thúc phải sau ngày đầu tiên',
  SERIES_OUTSIDE_CLASS: 'Chuỗi buổi học phải nằm trong thời gian của lớp học ({start} – {end}).',
  SERIES_EMPTY: 'Không có buổi học nào khớp với các ngày đã chọn.',
  SERIES_TOO_MANY: 'Một chuỗi chỉ có thể tạo tối đa 200 buổi học.',
  SERIES_CLASHES: '{count} buổi học bị trùng lịch hoặc đã qua: chuỗi chưa được tạo.',
  SERIES_NOTHING_TO_CREATE:
    'Tất cả các buổi học đều bị trùng lịch hoặc đã qua: không có buổi nào được tạo.',
  SERIES_CREATED: 'Đã tạo {count} buổi học.',
  SERIES_CREATED_SKIPPED: 'Đã tạo {count} buổi học, bỏ qua {skipped} buổi bị trùng.',
  SERIES_NOT_A_SERIES: 'Buổi học này không thuộc chuỗi nào.',
  SERIES_LESSON_NOT_PENDING: 'Chỉ có thể sửa hoặc xóa các buổi học chưa bắt đầu.',
  SERIES_CHANGE_EMPTY: 'Vui lòng nhập ít nhất một thay đổi.',
  SERIES_CHANGE_CLASHES:
    '{count} buổi học sẽ bị trùng lịch hoặc đã qua sau khi đổi giờ: chưa có gì thay đổi.',
  SERIES_FOLLOWING_UPDATED: 'Đã cập nhật {count} buổi học.',
  SERIES_FOLLOWING_DELETED: 'Đã xóa {count} buổi học.',
  SERIES_CREATED_CLOSED: 'Đã tạo {count} buổi học, bỏ qua {closed} buổi vào ngày nghỉ.',
  SERIES_CREATED_SKIPPED_CLOSED:
    'Đã tạo {count} buổi học, bỏ qua {skipped} buổi bị trùng và {closed} buổi vào ngày nghỉ.',
  SERIES_ALL_CLOSED: 'Tất cả các buổi học đều rơi vào ngày nghỉ: không có buổi nào được tạo.',
  CLASS_LOAD_FAILED: 'Không thể tải thông tin lớp học',

  // Closed days (holidays)
  CLOSED_DAY_NAME_REQUIRED: 'Vui lòng nhập tên ngày nghỉ',
  CLOSED_DAY_NAME_TOO_LONG: 'Tên ngày nghỉ tối đa 100 ký tự',
  CLOSED_DAY_DATE_REQUIRED: 'Vui lòng chọn ngày',
  CLOSED_DAYS_RANGE_ORDER: 'Ngày cuối không được trước ngày đầu',
  CLOSED_DAYS_RANGE_TOO_LONG: 'Mỗi lần chỉ thêm được tối đa 31 ngày',
  CLOSED_DAY_EXISTS: 'Ngày {date} đã là ngày nghỉ ({name}).',
  CLOSED_DAY_NOT_FOUND: 'Ngày {date} không phải là ngày nghỉ.',
  CLOSED_DAYS_ADDED: 'Đã thêm {count} ngày nghỉ.',
  CLOSED_DAY_RENAMED: 'Đã đổi tên ngày nghỉ.',
  CLOSED_DAY_REMOVED: 'Đã xóa ngày nghỉ.',

  // Meetings (§6, §8)
  MEETING_START_FORBIDDEN: 'Chỉ giáo viên và admin mới có thể bắt đầu buổi học.',
  MEETING_TOO_LATE: 'Buổi học đã kết thúc. Không thể bắt đầu meeting.',
  MEETING_NO_FREE_ACCOUNT: 'Không có tài khoản Zoom nào rảnh. Vui lòng thử lại sau.',
  MEETING_ASSIGN_FAILED: 'Không thể gán tài khoản Zoom. Vui lòng thử lại.',
  MEETING_CREATE_FAILED: 'Không thể tạo phòng họp Zoom mới. Vui lòng thử lại.',
  MEETING_SIGNATURE_FAILED: 'Không thể tạo chữ ký xác thực. Vui lòng thử lại.',
  // The same words (§8) when the server has no Meeting SDK key: a 503, not the provider's failure.
  MEETING_SDK_NOT_CONFIGURED: 'Không thể tạo chữ ký xác thực. Vui lòng thử lại.',
  MEETING_DATA_MISSING: 'Không tìm thấy thông tin buổi học hoặc thông tin người dùng.',
  MEETING_NOT_STARTED: 'Buổi học chưa có thông tin meeting. Giáo viên chưa bắt đầu buổi học.',
  MEETING_CANNOT_JOIN: 'Buổi học chưa bắt đầu hoặc đã kết thúc.',
  MEETING_TAB_BLOCKED: 'Không thể mở tab cuộc họp. Vui lòng cho phép popup.',
  MEETING_TOO_EARLY:
    'Chưa đến giờ bắt đầu: buổi học chỉ có thể bắt đầu từ {time} ({minutes} phút trước giờ học).',
  LESSON_END_FORBIDDEN: 'Chỉ giáo viên của lớp và admin mới có thể kết thúc buổi học.',
  LESSON_NOT_ACTIVE: 'Buổi học không còn diễn ra nên không thể kết thúc.',
  LESSON_ENDED: 'Đã kết thúc buổi học.',

  // Theme (§5, §8)
  THEME_NAME_REQUIRED: 'Vui lòng nhập tên theme',
  THEME_NAME_TOO_SHORT: 'Tên theme phải có ít nhất 3 ký tự',
  THEME_COLOR_INVALID: 'Màu {key} không hợp lệ hoặc bị thiếu',
  THEME_NAME_EXISTS: 'Tên theme đã tồn tại, vui lòng chọn tên khác',
  THEME_DELETE_ACTIVE: 'Cannot delete currently active theme',
  THEME_DELETE_DEFAULT: 'Không thể xóa theme mặc định',

  // Center settings (§5, §8)
  CENTER_NAME_REQUIRED: 'Vui lòng nhập tên trung tâm',
  LOGO_TOO_LARGE: 'File ảnh quá lớn. Vui lòng chọn file nhỏ hơn 5MB.',
  LOGO_INVALID: 'Vui lòng chọn file ảnh hợp lệ.',
  AUDIT_RETENTION_SAVED: 'Đã lưu thời hạn lưu nhật ký thay đổi.',
  CENTER_UPDATED: 'Cập nhật thông tin trung tâm thành công!',
  CENTER_LOAD_FAILED: 'Lỗi khi tải thông tin trung tâm',
  CENTER_LOGO_UPLOAD_FAILED: 'Lỗi khi tải lên logo',
  CENTER_SAVE_FAILED: 'Lỗi khi lưu cài đặt',

  // Settings cards and sessions (issue 26)
  FIRST_PASSWORD_HOURS_RANGE: 'Thời hạn mật khẩu lần đầu phải từ 1 đến 720 giờ.',
  CENTER_OPTIONS_SAVED: 'Đã lưu cài đặt.',
  EXPORT_NOT_ALLOWED: 'Trung tâm không cho phép nhân viên xuất danh sách.',
  SESSION_NOT_FOUND: 'Phiên đăng nhập không còn tồn tại.',
  SESSION_ENDED: 'Đã kết thúc phiên đăng nhập.',
  SESSIONS_ENDED_ELSEWHERE: 'Đã kết thúc {count} phiên đăng nhập khác.',
  CURRENT_PASSWORD_REQUIRED: 'Vui lòng nhập mật khẩu hiện tại',
  CURRENT_PASSWORD_WRONG: 'Mật khẩu hiện tại không đúng',
} as const;
