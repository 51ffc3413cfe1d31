import { expect, test } from 'vitest';
import { appRouteAt, paths, samePath } from '#web/app/paths.ts';

test('an address opens its page whatever its case or a trailing slash, as links are typed', () => {
  expect(appRouteAt('/classes')).toBe('classes');
  expect(appRouteAt('/Classes/')).toBe('classes');
  expect(appRouteAt('/zoom-accounts')).toBe('hostAccounts');
  expect(appRouteAt('/live-room//')).toBe('liveRoom');
  expect(samePath('/LOGIN', paths.login)).toBe(true);
});

test('an address that is no page of the layout opens none', () => {
  for (const pathname of ['/', '/login', '/meeting', '/classes/extra', '/nowhere', '/classesx']) {
    expect(appRouteAt(pathname)).toBeUndefined();
  }
});
