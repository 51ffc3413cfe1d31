// Reading uploaded workbooks (issue 30, docs/decisions/043-safe-spreadsheets.md): kept out of the
// core catalogue, which the login route carries. common/messages.ts spreads these in;
// spreadsheet-messages-en.ts holds the same codes in English.

export const spreadsheetMessages = {
  SPREADSHEET_TOO_LARGE:
    'Tệp Excel quá lớn khi giải nén (tối đa 32 MB dữ liệu): hãy chia nhỏ tệp hoặc lưu thành CSV.',
} as const;
