// A pool account busy with no lesson on it: seen as stuck and freed by an admin
// (lesson-school.ts holds the school).
import { describe, expect, test } from 'vitest';
import { lessonMeetingRow, putLessonMeeting } from '../../helpers/lesson-meeting.ts';
import { createLesson } from '../../helpers/school.ts';
import { admin, classId, clock, MINUTE, staff, teacher } from './lesson-school.ts';
import { accountRow, db, runningLesson, setClock } from './running-lessons.ts';

describe('an account busy with no lesson on it', () => {
  test('an admin sees it as stuck and frees it; one hosting a lesson is not stuck and cannot be freed', async () => {
    const hosting = await runningLesson('2030-03-12T02:00:00Z');
    // An account a crashed start left busy, with its lesson still pending and assigned to it.
    const orphan = await createLesson(admin, classId, '2030-03-12T04:00:00Z');
    const spare = (await db()
      .selectFrom('zoom_accounts')
      .selectAll()
      .where('is_busy', '=', false)
      .orderBy('created_at')
      .executeTakeFirstOrThrow()) as { zoom_account_id: string; email: string };
    await db()
      .updateTable('zoom_accounts')
      .set({ is_busy: true })
      .where('zoom_account_id', '=', spare.zoom_account_id)
      .execute();
    await putLessonMeeting(db(), orphan.schedule_id, {
      host_account_id: spare.zoom_account_id,
      created_at: clock.now().toISOString(),
    });

    const listed = async () => {
      const flags: Record<string, boolean> = {};
      for (const page of [1, 2]) {
        const reply = await admin.get(`/api/zoom-accounts?page=${page}`);
        for (const a of reply.body.items) flags[a.zoom_account_id] = a.stuck;
      }
      return flags;
    };
    // Just claimed by a start under way: not stuck yet.
    expect((await listed())[spare.zoom_account_id]).toBe(false);
    expect(
      (await admin.post(`/api/zoom-accounts/${spare.zoom_account_id}/release`)).body.code,
    ).toBe('ZOOM_ACCOUNT_HOSTING');
    setClock(new Date(clock.now().getTime() + 5 * MINUTE).toISOString());
    const flags = await listed();
    expect(flags[spare.zoom_account_id]).toBe(true);
    expect(flags[hosting.accountId]).toBe(false);

    const refused = await admin.post(`/api/zoom-accounts/${hosting.accountId}/release`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'ZOOM_ACCOUNT_HOSTING',
      params: { email: expect.any(String) },
    });
    expect(
      (await staff.client.post(`/api/zoom-accounts/${spare.zoom_account_id}/release`)).status,
    ).toBe(403);
    expect(Boolean((await accountRow(spare.zoom_account_id)).is_busy)).toBe(true);

    const freed = await admin.post(`/api/zoom-accounts/${spare.zoom_account_id}/release`);
    expect(freed.status, freed.text).toBe(200);
    expect(freed.body).toEqual({
      ok: true,
      code: 'ZOOM_ACCOUNT_RELEASED',
      params: { email: spare.email },
    });
    expect(Boolean((await accountRow(spare.zoom_account_id)).is_busy)).toBe(false);
    expect(await lessonMeetingRow(db(), orphan.schedule_id)).toBeUndefined();
    const notBusy = await admin.post(`/api/zoom-accounts/${spare.zoom_account_id}/release`);
    expect(notBusy.status).toBe(409);
    expect(notBusy.body.code).toBe('ZOOM_ACCOUNT_NOT_BUSY');

    // The orphaned lesson can be started again.
    setClock('2030-03-12T03:55:00Z');
    expect((await teacher.client.post(`/api/schedules/${orphan.schedule_id}/start`)).status).toBe(
      200,
    );
    await admin.post(`/api/schedules/${orphan.schedule_id}/end`);
    await admin.post(`/api/schedules/${hosting.scheduleId}/end`);
  });
});
