// npm run bench:import — a term's enrolment from a spreadsheet: how long does importing 5,000
// students take, from the request to the reply (first passwords hashed, one transaction)? Three
// files of 5,000 new students each, on the embedded database and on PostgreSQL.
//   node bench/import.ts [--db sqlite|postgres|both] [--rounds 3] [--rows 5000]
import { parseArgs } from 'node:util';
import { rssMiB, withAdminServer } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '3' },
    rows: { type: 'string', default: '5000' },
  },
});
const ROUNDS = Number(args.rounds);
const ROWS = Number(args.rows);

function run(dialect: 'sqlite' | 'postgres') {
  return withAdminServer(dialect, 'import', async ({ pid, admin }) => {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const rows = Array.from({ length: ROWS }, (_, i) => ({
        full_name: `Học viên ${round}-${i}`,
        email: `s${round}-${i}@bench.example`,
      }));
      const started = performance.now();
      const imported = await admin.post('/api/users/import', { role: 'student', rows });
      times.push(performance.now() - started);
      if (imported.status !== 200 || imported.body.created !== ROWS) throw new Error(imported.text);
    }
    const rss = await rssMiB(pid);
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)]!, worst: times.at(-1)!, rss };
  });
}

console.log(
  `## bench:import — ${new Date().toISOString()}, ${ROUNDS} imports of ${ROWS} students\n`,
);
console.log('| database | median s per import | worst s | server RSS MiB after |');
console.log('|---|---:|---:|---:|');
const dialects =
  args.db === 'both' ? (['sqlite', 'postgres'] as const) : ([args.db as 'sqlite'] as const);
for (const dialect of dialects) {
  const { median, worst, rss } = await run(dialect);
  console.log(
    `| ${dialect} | ${(median / 1000).toFixed(2)} | ${(worst / 1000).toFixed(2)} | ${rss} |`,
  );
}
