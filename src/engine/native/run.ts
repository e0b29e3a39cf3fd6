/**
 * One run of a native `minizinc` process with `--json-stream`: messages as they arrive,
 * stderr captured, and the whole process group killed at the deadline or on abort (MiniZinc
 * runs its solvers as child processes, which must not outlive the run).
 */
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { execa } from 'execa';
import type { StreamMessage } from '../stream.ts';

export interface NativeRun {
  bin: string;
  args: string[];
  cwd: string;
  /** performance.now() time at which the process group is killed. */
  deadlineAt: number;
  signal?: AbortSignal;
  onMessage(message: StreamMessage): void;
  onStderr(text: string): void;
}

export type NativeEnd =
  | { kind: 'exited'; exitCode: number }
  | { kind: 'time_limit' }
  | { kind: 'cancelled' }
  | { kind: 'crashed'; message: string };

function parseLine(line: string): StreamMessage {
  try {
    return JSON.parse(line) as StreamMessage;
  } catch {
    // Solver output outside the JSON protocol: keep it as text for a failure message.
    return { type: 'stderr', value: line };
  }
}

export async function runNative(run: NativeRun): Promise<NativeEnd> {
  if (run.signal?.aborted) return { kind: 'cancelled' };
  const child = execa(run.bin, run.args, { cwd: run.cwd, reject: false, detached: true, stdin: 'ignore', buffer: false, encoding: 'utf8' });
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (line.trim() !== '') run.onMessage(parseLine(line));
  });
  child.stderr.on('data', (chunk: string | Buffer) => run.onStderr(chunk.toString()));
  let stopped: 'time_limit' | 'cancelled' | undefined;
  const stop = (reason: 'time_limit' | 'cancelled') => {
    if (stopped !== undefined || child.pid === undefined) return;
    stopped = reason;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const onAbort = () => stop('cancelled');
  const timer = setTimeout(() => stop('time_limit'), Math.max(0, run.deadlineAt - performance.now()));
  run.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const [result] = await Promise.all([child, once(lines, 'close')]);
    if (stopped !== undefined) return { kind: stopped };
    if (result.exitCode === undefined) return { kind: 'crashed', message: result.shortMessage ?? `minizinc ended by ${result.signal}` };
    return { kind: 'exited', exitCode: result.exitCode };
  } finally {
    clearTimeout(timer);
    run.signal?.removeEventListener('abort', onAbort);
  }
}
