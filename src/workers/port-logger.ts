/**
 * The logger a planning worker gives its task: each line goes over the task's port to the HTTP
 * process's logger, which adds the request id, so lines from workers land in the same log
 * stream (and the same tests' sinks) as everything else.
 */
import type { MessagePort } from 'node:worker_threads';
import type { AppLogger } from '../app/index.ts';
import type { LogLevel, WorkerMessage } from './protocol.ts';

const SEVERITY: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

export function portLogger(port: MessagePort, level: string): AppLogger {
  const threshold = SEVERITY[level] ?? SEVERITY.info!;
  const send = (lineLevel: LogLevel) => (fields: Record<string, unknown>, message: string) => {
    if (SEVERITY[lineLevel]! < threshold) return;
    const line: WorkerMessage = { type: 'log', level: lineLevel, fields: cloneable(fields), message };
    port.postMessage(line);
  };
  return { error: send('error'), warn: send('warn'), info: send('info'), debug: send('debug') };
}

/** Fields as plain data (errors as their name, message and stack), so a line never fails to cross. */
function cloneable(fields: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(fields, (_key, value: unknown) => (value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value))) as Record<string, unknown>;
}
