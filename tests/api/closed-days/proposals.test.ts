// Vietnam's public holidays proposed for this year and the next (the center's today decides):
// their dates computed (Tết and Giỗ Tổ from the lunar calendar), only what is not yet closed and
// not yet past, so a proposal taken as it stands never hits a day already closed.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { type School, startSchool } from '../../helpers/school.ts';

// 08:00 on 1 January 2026 in Ho Chi Minh City (still 31 December in UTC).
const clock = new TestClock(Date.parse('2026-01-01T01:00:00Z'));
let school: School;
beforeAll(async () => {
  school = await startSchool({ clock });
});
afterAll(() => school.server.close());

const proposals = async (staff = school.staff.client) => {
  const response = await staff.get('/api/closed-days/proposals');
  expect(response.status, response.text).toBe(200);
  return response.body.items.map(
    (p: { holiday: string; year: number; from_date: string; to_date: string }) =>
      `${p.year} ${p.holiday} ${p.from_date}${p.to_date === p.from_date ? '' : ` – ${p.to_date}`}`,
  );
};

test('2026 and 2027: Tết, Giỗ Tổ, 30/4, 1/5, 2/9 with its neighbour, 1/1', async () => {
  expect(await proposals()).toEqual([
    '2026 new_year 2026-01-01',
    '2026 lunar_new_year 2026-02-16 – 2026-02-20',
    '2026 hung_kings 2026-04-26',
    '2026 reunification_day 2026-04-30',
    '2026 labour_day 2026-05-01',
    '2026 national_day 2026-09-02 – 2026-09-03',
    '2027 new_year 2027-01-01',
    '2027 lunar_new_year 2027-02-05 – 2027-02-09',
    '2027 hung_kings 2027-04-16',
    '2027 reunification_day 2027-04-30',
    '2027 labour_day 2027-05-01',
    '2027 national_day 2027-09-02 – 2027-09-03',
  ]);
});

test('what is on the calendar is not proposed again; a day taken out of a run is', async () => {
  const staff = school.staff.client;
  const tet = await staff.post('/api/closed-days', {
    name: 'Tết Nguyên Đán',
    from_date: '2026-02-16',
    to_date: '2026-02-20',
  });
  expect(tet.status, tet.text).toBe(201);
  // Closed under another name, 30/4 counts as on the calendar all the same.
  await staff.post('/api/closed-days', { name: 'Nghỉ lễ', from_date: '2026-04-30' });
  let now = await proposals();
  expect(now).not.toContain('2026 lunar_new_year 2026-02-16 – 2026-02-20');
  expect(now).not.toContain('2026 reunification_day 2026-04-30');
  expect(now).toContain('2027 lunar_new_year 2027-02-05 – 2027-02-09');

  await staff.delete('/api/closed-days/2026-02-18');
  now = await proposals();
  expect(now).toContain('2026 lunar_new_year 2026-02-18');

  // Accepting it as it stands never hits a closed day.
  const again = await staff.post('/api/closed-days', {
    name: 'Tết Nguyên Đán',
    from_date: '2026-02-18',
  });
  expect(again.status, again.text).toBe(201);
  expect(await proposals()).not.toContain('2026 lunar_new_year 2026-02-18');
});

test('days already past are not proposed', async () => {
  // 1 March 2026: New Year's Day and Tết 2026 are behind; the rest of 2026 and all of 2027 ahead.
  clock.advance(Date.parse('2026-03-01T02:00:00Z') - clock.now().getTime());
  // Two months on, the sessions of January have expired: staff sign in again.
  const staff = school.server.client();
  await staff.login(school.staff.email, school.staff.password);
  const now = await proposals(staff);
  expect(now.filter((p: string) => p.startsWith('2026'))).toEqual([
    '2026 hung_kings 2026-04-26',
    '2026 labour_day 2026-05-01',
    '2026 national_day 2026-09-02 – 2026-09-03',
  ]);
  expect(now.filter((p: string) => p.startsWith('2027'))).toHaveLength(6);
});

test('only admin and staff are proposed holidays', async () => {
  expect((await (await school.server.admin()).get('/api/closed-days/proposals')).status).toBe(200);
  for (const who of [school.teacher, school.student]) {
    const client = school.server.client();
    await client.login(who.email, who.password);
    expect((await client.get('/api/closed-days/proposals')).status).toBe(403);
  }
  expect((await school.server.client().get('/api/closed-days/proposals')).status).toBe(401);
});
