import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const module = fileURLToPath(new URL('./thread-priority.ts', import.meta.url));

// A process of its own: lowering the test runner's threads would slow the other tests.
const PROGRAM = `
import fs from 'node:fs';
import zlib from 'node:zlib';
import { lowerBackgroundThreads } from ${JSON.stringify(module)};
await new Promise((resolve) => zlib.gzip(Buffer.alloc(1024), resolve));
const lowered = await lowerBackgroundThreads();
const nice = (task) => Number(fs.readFileSync('/proc/self/task/' + task + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
const tasks = fs.readdirSync('/proc/self/task');
console.log(JSON.stringify({
  lowered,
  http: nice(String(process.pid)),
  others: tasks.filter((t) => Number(t) !== process.pid).map(nice),
}));
`;

describe.runIf(fs.existsSync('/proc/self/task'))('lowerBackgroundThreads', () => {
  it("lowers every thread of the process but the HTTP thread, V8's helpers and libuv's pool among them", () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', PROGRAM],
      {
        encoding: 'utf8',
      },
    );
    const { lowered, http, others } = JSON.parse(out) as {
      lowered: number;
      http: number;
      others: number[];
    };
    // V8's platform threads (4) and libuv's pool (4) at least.
    expect(others.length).toBeGreaterThanOrEqual(8);
    expect(lowered).toBe(others.length);
    expect(others.every((n) => n === 10)).toBe(true);
    expect(http).toBe(os.getPriority());
  });
});
