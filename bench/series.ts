// npm run bench:series — a term of lessons in one step: how long does creating a series of 200
// lessons take, from the request to the reply (one transaction: the clash read, one insert)?
// Five series, each in a new class, on the embedded database and on PostgreSQL.
//   node bench/series.ts [--db sqlite|postgres|both] [--rounds 5]
import { parseArgs } from 'node:util';
import { createAccount } from '../tests/helpers/factories.ts';
import { TestClient } from '../tests/helpers/test-server.ts';
import { withAdminServer } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '5' },
  },
});
const ROUNDS = Number(args.rounds);

function run(dialect: 'sqlite' | 'postgres') {
  return withAdminServer(dialect, 'series', async ({ baseUrl, admin }) => {
    const teacher = await createAccount(
      { client: () => new TestClient(baseUrl) },
      admin,
      'teacher',
    );
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const klass = await admin.post('/api/classes', {
        class_name: `Term ${round}`,
        teacher_id: teacher.user.user_id,
        start_date: '2040-01-01',
        end_date: '2041-12-31',
      });
      const started = performance.now();
      const created = await admin.post(`/api/classes/${klass.body.class_id}/schedule-series`, {
        topic_pattern: 'Unit {n}',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        // Each round at its own hour: the teacher's series never clash.
        start_time: `${String(8 + round).padStart(2, '0')}:00`,
        first_date: '2040-01-01',
        count: 200,
      });
      times.push(performance.now() - started);
      if (created.status !== 201 || created.body.created !== 200) throw new Error(created.text);
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)]!, worst: times.at(-1)! };
  });
}

console.log(`## bench:series — ${new Date().toISOString()}, ${ROUNDS} series of 200 lessons\n`);
console.log('| database | median ms per series | worst ms |');
console.log('|---|---:|---:|');
const dialects =
  args.db === 'both' ? (['sqlite', 'postgres'] as const) : ([args.db as 'sqlite'] as const);
for (const dialect of dialects) {
  const { median, worst } = await run(dialect);
  console.log(`| ${dialect} | ${median.toFixed(0)} | ${worst.toFixed(0)} |`);
}
