/**
 * Admission control: at most `slots` solves run at once (one per core, whatever the
 * backend), at most `queueLimit` wait for a slot, and one more is refused with 503
 * planning_capacity_unavailable and a Retry-After of when the first running solve must end.
 */
import { ServiceError } from '../contract/errors.ts';

export interface Permit {
  release(): void;
}

/** Why a queued solve never got a slot. */
export type NotAdmitted = 'time_limit' | 'cancelled';

interface Waiter {
  deadlineAt: number;
  admit(permit: Permit): void;
}

export class Admission {
  /** Deadlines (performance.now()) of the running solves. */
  private readonly running = new Set<{ deadlineAt: number }>();
  private readonly queue: Waiter[] = [];

  constructor(
    private readonly slots: number,
    private readonly queueLimit: number,
  ) {}

  /** Waits for a slot until the deadline or an abort; throws when the queue is full. */
  acquire(deadlineAt: number, signal: AbortSignal | undefined): Promise<Permit | NotAdmitted> {
    if (signal?.aborted) return Promise.resolve('cancelled');
    if (this.running.size < this.slots) return Promise.resolve(this.grant(deadlineAt));
    if (this.queue.length >= this.queueLimit) return Promise.reject(this.capacityError());
    return new Promise((resolve) => {
      const leave = (reason: NotAdmitted) => {
        const index = this.queue.indexOf(waiter);
        if (index < 0) return;
        this.queue.splice(index, 1);
        cleanup();
        resolve(reason);
      };
      const onAbort = () => leave('cancelled');
      const timer = setTimeout(() => leave('time_limit'), Math.max(0, deadlineAt - performance.now()));
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        deadlineAt,
        admit: (permit) => {
          cleanup();
          resolve(permit);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private grant(deadlineAt: number): Permit {
    const entry = { deadlineAt };
    this.running.add(entry);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running.delete(entry);
        const next = this.queue.shift();
        if (next !== undefined) next.admit(this.grant(next.deadlineAt));
      },
    };
  }

  private capacityError(): ServiceError {
    const firstEnd = Math.min(...[...this.running].map((entry) => entry.deadlineAt));
    const retryAfterSeconds = Math.max(1, Math.ceil((firstEnd - performance.now()) / 1000));
    return new ServiceError(
      'planning_capacity_unavailable',
      `All ${this.slots} solver slots are busy and ${this.queueLimit} solves are already waiting.`,
      { retryAfterSeconds },
    );
  }
}
