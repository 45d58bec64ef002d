// Spawns the built CLI server (`node dist/cli/main.js serve --port 0`) on 127.0.0.1 and
// reads its memory from /proc. Shared by bench/load and bench/serve.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/**
 * Starts `jsonapi-query serve` with `args`; resolves once it printed its URL.
 * `logLines()` counts the request log lines it printed so far.
 */
export function startCliServer(args = []) {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  let lines = 0;
  let stderr = '';
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const origin = new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      pending += chunk;
      const match = / at (http:\/\/127\.0\.0\.1:\d+)\n/.exec(pending);
      if (match) resolve(match[1]);
      const cut = pending.lastIndexOf('\n');
      if (cut !== -1) {
        for (const line of pending.slice(0, cut).split('\n')) if (/^[A-Z]+ \/.* \d{3} [\d.]+ms/.test(line)) lines++;
        if (match || lines > 0) pending = pending.slice(cut + 1);
      }
    });
    void exited.then((code) => reject(new Error(`the CLI server exited (${code}) before printing its URL\n${stderr}`)));
  });
  return {
    child,
    origin,
    exited,
    logLines: () => lines,
    stderr: () => stderr,
    /** Resident set size of the server process in KiB (Linux /proc). */
    rssKiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
      if (!match) throw new Error('no VmRSS in /proc status');
      return Number(match[1]);
    },
  };
}

/** Stops the server with SIGTERM; resolves with its exit code. */
export async function stopCliServer(server) {
  server.child.kill('SIGTERM');
  return server.exited;
}
