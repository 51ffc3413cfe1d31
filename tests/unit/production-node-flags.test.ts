// The server's memory depends on how node is started (docs/decisions/047-memory.md): `npm start`,
// `npm run dev` and the systemd unit give node the same flags as the benchmarks that measure it
// (bench/memory.ts), and the unit the same malloc setting.
import fs from 'node:fs';
import { expect, test } from 'vitest';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from '../../bench/memory.ts';

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
};
const unit = fs.readFileSync('deploy/edu-center.service', 'utf8');

test('npm start and npm run dev start node with the measured flags', () => {
  for (const script of ['start', 'dev']) {
    const command = packageJson.scripts[script]!;
    const nodeArgs = command.slice(0, command.indexOf('src/server/main.ts')).split(/\s+/);
    for (const flag of PRODUCTION_NODE_FLAGS) expect(nodeArgs, script).toContain(flag);
  }
});

test('the systemd unit starts node with the measured flags and malloc setting', () => {
  const execStart = unit.match(/^ExecStart=(.*)$/m)?.[1] ?? '';
  const nodeArgs = execStart.slice(0, execStart.indexOf('src/server/main.ts')).split(/\s+/);
  for (const flag of PRODUCTION_NODE_FLAGS) expect(nodeArgs).toContain(flag);
  for (const [name, value] of Object.entries(PRODUCTION_ENV)) {
    expect(unit).toMatch(new RegExp(`^Environment=${name}=${value}$`, 'm'));
  }
});
