// Titles of the meeting errors of product.md §8, by the server's error code.
import { ApiError } from './api-client.ts';

const titles: Record<string, string> = {
  MEETING_TOO_LATE: 'Quá thời gian',
  MEETING_NO_FREE_ACCOUNT: 'Lỗi tài khoản Zoom',
  MEETING_ASSIGN_FAILED: 'Lỗi tài khoản Zoom',
  MEETING_CREATE_FAILED: 'Lỗi tạo meeting',
  MEETING_SIGNATURE_FAILED: 'Lỗi xác thực',
  MEETING_SDK_NOT_CONFIGURED: 'Lỗi xác thực',
  MEETING_TOO_EARLY: 'Chưa đến giờ',
  MEETING_START_FORBIDDEN: 'Không có quyền',
  FORBIDDEN: 'Không có quyền',
  MEETING_DATA_MISSING: 'Lỗi dữ liệu',
  MEETING_NOT_STARTED: 'Chưa có meeting',
  MEETING_CANNOT_JOIN: 'Không thể tham gia',
};

export function meetingErrorTitle(error: unknown): string {
  return error instanceof ApiError ? (titles[error.code] ?? 'Lỗi hệ thống') : 'Lỗi hệ thống';
}
