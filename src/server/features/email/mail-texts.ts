// The words of the e-mails, in the RECIPIENT's language (users.language, Vietnamese until they
// choose), as lib/document-texts.ts does for exports: a server-side catalogue, Vietnamese and
// English with the same keys (tests/unit/catalogue-languages.test.ts checks both). Every message
// has a plain-text part and an HTML part written from the same lines, the center's name, and a
// link back to the product.
import type { EmailNotificationType } from '#common/email.ts';
import type { Language } from '#server/lib/document-texts.ts';

const vi = {
  'lesson_starting_soon.subject': 'Sắp đến giờ học: {class_name}',
  'lesson_starting_soon.body': '{class_name}: {topic} bắt đầu lúc {time}.',
  'lesson_rescheduled.subject': 'Buổi học được dời lịch: {class_name}',
  'lesson_rescheduled.body': '{class_name}: {topic} dời từ {time} sang {new_time}.',
  'lesson_cancelled_with_reason.subject': 'Buổi học bị huỷ: {class_name}',
  'lesson_cancelled_with_reason.body': '{class_name}: {topic} lúc {time} bị huỷ. Lý do: {reason}',
  'lesson_moved.subject': 'Lịch học đã thay đổi: {class_name}',
  'lesson_moved.body': '{class_name}: {topic} chuyển từ {time} sang {new_time}.',
  'lesson_cancelled.subject': 'Buổi học đã bị huỷ: {class_name}',
  'lesson_cancelled.body': '{class_name}: {topic} lúc {time} đã bị huỷ.',
  'lesson_report.subject': 'Nhận xét buổi học: {class_name}',
  'lesson_report.body': 'Giáo viên đã viết nhận xét buổi học {class_name}: {topic} ({time}).',
  'child_absent.subject': '{child_name} vắng buổi học {class_name}',
  'child_absent.body': '{child_name} đã vắng buổi {class_name}: {topic} lúc {time}.',
  'invoice_issued.subject': 'Hoá đơn học phí mới {number}',
  'invoice_issued.body': '{number} ({class_name}): {amount}, hạn {date}.',
  'invoice_overdue.subject': 'Học phí quá hạn: {number}',
  'invoice_overdue.body': '{number}: còn {amount}, hạn {date}.',
  'backup_failed.subject': 'Sao lưu dữ liệu không thành công',
  'backup_failed.body': 'Bản sao lưu lúc {time} không thành công: {error}. Xem Cài đặt → Hệ thống.',
  greeting: 'Chào {name},',
  open: 'Xem trên {center}',
  footer:
    'Bạn nhận email này từ {center}. Bạn có thể tắt từng loại email trong Hồ sơ cá nhân của mình.',
  // Account e-mails (a reset link, a test message) cannot be turned off: their footer says less.
  accountFooter: 'Bạn nhận email này từ {center}.',
  'reset.subject': 'Đặt lại mật khẩu tại {center}',
  'reset.body':
    'Ai đó (có thể là bạn) vừa yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Liên kết dùng được một lần, trong {minutes} phút.',
  'reset.open': 'Đặt mật khẩu mới',
  'reset.ignore': 'Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn không đổi.',
  'test.subject': 'Thư thử từ {center}',
  'test.body': 'Máy chủ gửi email của {center} đã được cài đặt đúng.',
} as const;

export type MailTextKey = keyof typeof vi;

const en: Record<MailTextKey, string> = {
  'lesson_starting_soon.subject': 'Your lesson starts soon: {class_name}',
  'lesson_starting_soon.body': '{class_name}: {topic} starts at {time}.',
  'lesson_rescheduled.subject': 'A lesson was moved: {class_name}',
  'lesson_rescheduled.body': '{class_name}: {topic} moved from {time} to {new_time}.',
  'lesson_cancelled_with_reason.subject': 'A lesson was cancelled: {class_name}',
  'lesson_cancelled_with_reason.body':
    '{class_name}: {topic} at {time} was cancelled. Reason: {reason}',
  'lesson_moved.subject': 'Your schedule changed: {class_name}',
  'lesson_moved.body': '{class_name}: {topic} moved from {time} to {new_time}.',
  'lesson_cancelled.subject': 'A lesson was cancelled: {class_name}',
  'lesson_cancelled.body': '{class_name}: {topic} at {time} was cancelled.',
  'lesson_report.subject': 'Lesson report: {class_name}',
  'lesson_report.body': 'The teacher wrote the lesson report for {class_name}: {topic} ({time}).',
  'child_absent.subject': '{child_name} missed a lesson of {class_name}',
  'child_absent.body': '{child_name} was absent from {class_name}: {topic} at {time}.',
  'invoice_issued.subject': 'New tuition invoice {number}',
  'invoice_issued.body': '{number} ({class_name}): {amount}, due {date}.',
  'invoice_overdue.subject': 'Tuition overdue: {number}',
  'invoice_overdue.body': '{number}: {amount} still owed, due {date}.',
  'backup_failed.subject': 'A backup failed',
  'backup_failed.body': 'The backup of {time} failed: {error}. See Settings → System.',
  greeting: 'Hello {name},',
  open: 'Open {center}',
  footer:
    'You receive this e-mail from {center}. You can turn each kind of e-mail off in your Profile.',
  accountFooter: 'You receive this e-mail from {center}.',
  'reset.subject': 'Reset your password at {center}',
  'reset.body':
    'Someone (probably you) asked to reset the password of your account. The link works once, for {minutes} minutes.',
  'reset.open': 'Set a new password',
  'reset.ignore': 'If you did not ask, ignore this e-mail: your password stays as it is.',
  'test.subject': 'Test message from {center}',
  'test.body': 'The e-mail server of {center} is set up correctly.',
};

export const MAIL_TEXTS: Record<Language, Record<MailTextKey, string>> = { vi, en };

export function mailText(
  language: Language,
  key: MailTextKey,
  params: Record<string, string> = {},
): string {
  return MAIL_TEXTS[language][key].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Lines and a link, as the plain-text part and the HTML part of one message. */
export function composeMail(parts: {
  subject: string;
  greeting: string | null;
  lines: readonly string[];
  link: { label: string; url: string };
  footer: string;
  centerName: string;
}): RenderedMail {
  const paragraphs = [...(parts.greeting ? [parts.greeting] : []), ...parts.lines];
  const text = [
    ...paragraphs,
    '',
    `${parts.link.label}: ${parts.link.url}`,
    '',
    '-- ',
    parts.centerName,
    parts.footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<h2 style="font-size:18px">${escapeHtml(parts.centerName)}</h2>
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(parts.link.url)}">${escapeHtml(parts.link.label)}</a></p>
<p style="color:#777;font-size:12px">${escapeHtml(parts.footer)}</p>
</body></html>`;
  return { subject: parts.subject, text, html };
}

/** Values a notification's params carry, written for a reader: times in the center's zone. */
export function readableParams(
  language: Language,
  params: Record<string, string>,
  timeZone: string,
): Record<string, string> {
  const locale = language === 'en' ? 'en-GB' : 'vi-VN';
  const time = (iso: string | undefined) => {
    if (!iso || Number.isNaN(Date.parse(iso))) return iso ?? '';
    return new Intl.DateTimeFormat(locale, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  };
  const amount = params.amount;
  return {
    ...params,
    time: time(params.start_time),
    new_time: time(params.new_start_time),
    date: params.due_date ?? params.date ?? '',
    amount:
      amount && /^-?\d+$/.test(amount)
        ? `${new Intl.NumberFormat(locale).format(Number(amount))} ₫`
        : (amount ?? ''),
  };
}

export function notificationMail(
  language: Language,
  type: EmailNotificationType,
  params: Record<string, string>,
  options: { name: string; centerName: string; url: string; timeZone: string },
): RenderedMail {
  const values = readableParams(language, params, options.timeZone);
  const center = { center: options.centerName };
  // A parent's copy of their child's notification says whose it is (issue 29); the absence names
  // the child in its own words.
  const whose = (text: string) =>
    params.child_name && type !== 'child_absent' ? `${params.child_name} – ${text}` : text;
  return composeMail({
    subject: whose(mailText(language, `${type}.subject`, values)),
    greeting: mailText(language, 'greeting', { name: options.name }),
    lines: [whose(mailText(language, `${type}.body`, values))],
    link: { label: mailText(language, 'open', center), url: options.url },
    footer: mailText(language, 'footer', center),
    centerName: options.centerName,
  });
}
