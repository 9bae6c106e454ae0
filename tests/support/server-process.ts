import { spawn } from 'node:child_process';

/**
 * The server as staff run it (`src/server/main.ts` in its own process, through tsx), with
 * `env` added. `ready` is the address it says it runs at; `exited` its exit code. The caller
 * kills the child when done.
 */
export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  // Callers that expect an exit never await `ready`; its rejection is then expected.
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => output };
}
