/**
 * The abort reason of a request whose client closed the connection before the answer. Nobody
 * can read an answer any more: the request log shows status 499 (nginx's "client closed
 * request"), and it is not logged as a failure.
 */
export class ClientClosedRequest extends Error {
  static readonly status = 499;

  constructor() {
    super('The client closed the connection before the answer.');
    this.name = 'ClientClosedRequest';
  }
}
