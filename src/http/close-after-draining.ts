/**
 * After an early answer (413) to a request whose body is still arriving: answer with
 * `Connection: close`, then keep reading and discarding the body before closing. Node's server
 * otherwise destroys the socket as soon as the answer is written, and the client, still writing,
 * gets EPIPE or ECONNRESET instead of reading the 413.
 */
import type { Context } from 'koa';

/** Past this the connection is closed even if the client is still sending. */
const DRAIN_LIMIT_MS = 30_000;

export function closeAfterDraining(ctx: Context): void {
  ctx.set('Connection', 'close');
  const socket = ctx.req.socket;
  ctx.req.resume();
  const timer = setTimeout(() => socket.destroy(), DRAIN_LIMIT_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // Node calls destroySoon() once a `Connection: close` answer is written: end our side only
  // (the answer is flushed, a FIN follows) and let the client finish sending; the socket closes
  // when the client closes its side (the server allows half-open sockets) or at the limit.
  socket.destroySoon = function endAndDrain(this: typeof socket) {
    this.end();
    this.resume();
    this.once('end', () => this.destroy());
  };
}
