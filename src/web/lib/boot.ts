// The answers the server sent with the HTML (src/server/plugins/web-boot.ts): the requests the
// first screen makes before it can show anything, already answered. Each is used once, by the
// first api() call for the same path, and only while the page is starting: later the data may
// have changed, and asking the server again is right.
import { BOOT_ELEMENT_ID, type BootData } from '#common/boot-data.ts';

/** Past this, a page still starting on a very slow phone asks the server itself. */
const BOOT_ANSWERS_LIFETIME_MS = 30_000;

let answers: BootData['answers'] | undefined;

function bootAnswers(): BootData['answers'] {
  if (answers) return answers;
  answers = {};
  const element = document.getElementById(BOOT_ELEMENT_ID);
  try {
    if (element?.textContent) answers = (JSON.parse(element.textContent) as BootData).answers ?? {};
  } catch {
    // A damaged block: every request goes to the server as without one.
  }
  return answers;
}

/** The server's answer to GET /api{path} sent with the page, once; undefined otherwise. */
export function takeBootAnswer(path: string): { status: number; body: unknown } | undefined {
  if (performance.now() > BOOT_ANSWERS_LIFETIME_MS) return undefined;
  const all = bootAnswers();
  const answer = all[path];
  if (answer) delete all[path];
  return answer;
}

/**
 * The answers were read for the session the page opened with: once someone signs in or out in
 * this tab, what is left of them is nobody's to show.
 */
export function forgetBootAnswers(): void {
  answers = {};
}
