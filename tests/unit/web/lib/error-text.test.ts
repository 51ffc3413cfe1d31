import { expect, test } from 'vitest';
import { messages } from '#common/messages.ts';
import { vi } from '#web/i18n/catalogue.ts';
// The features' codes (the provider's here) arrive with the first page after sign-in, as lazyPage
// loads this part before any page renders.
import '#web/i18n/after-sign-in.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { errorText, refusalText } from '#web/lib/error-text.ts';

test("an error is shown by its code's text with its values, not by the text that came with it", () => {
  const refused = new ApiError(409, 'ZOOM_ACCOUNT_ONLINE', 'whatever the server said', {
    params: { email: 'host@example.com' },
  });
  expect(errorText(refused)).toBe(
    messages.ZOOM_ACCOUNT_ONLINE.replace('{email}', 'host@example.com'),
  );
  const field = new ApiError(400, 'VALIDATION', 'users: too small', {
    field: 'users',
    reason: 'ZOOM_ADD_NONE_SELECTED',
  });
  expect(errorText(field)).toBe(messages.ZOOM_ADD_NONE_SELECTED);
  // A code outside the catalogue (a proxy's 502 page, say): the text that came with it.
  expect(errorText(new ApiError(502, 'HTTP_ERROR', 'HTTP 502'))).toBe('HTTP 502');
  expect(errorText(new Error('boom'))).toBe(messages.INTERNAL);
});

test('every server message is in the web catalogue under its code', () => {
  for (const [code, text] of Object.entries(messages)) {
    expect(vi[`error.${code}` as keyof typeof vi]).toBe(text);
  }
});

test("a refusal is told in the catalogue's words; no answer or a 5xx gets the step's own text", () => {
  const refused = new ApiError(409, 'ENROL_ALREADY', 'x');
  expect(refusalText(refused, 'step failed')).toBe(messages.ENROL_ALREADY);
  expect(refusalText(new ApiError(500, 'INTERNAL', 'x'), 'step failed')).toBe('step failed');
  expect(refusalText(new ApiError(0, 'NETWORK', 'x'), 'step failed')).toBe('step failed');
});
