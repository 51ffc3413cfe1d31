// A text cell as a CSV may carry it (OWASP 'CSV injection', docs/decisions/043-safe-spreadsheets.md):
// one a spreadsheet would run as a formula, or that hides one behind a tab or a return, gets a
// single quote in front so it shows as text. Shared by the server's exports and the first
// passwords' file the browser makes after an import.

/** What makes a spreadsheet read a cell as a formula: =, +, -, @, a tab or a carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text, a single quote in front when it starts like a formula. */
export function neutraliseCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
