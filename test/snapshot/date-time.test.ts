/** The contract's date-time: RFC 3339 with an offset, the offset within what real zones use (+-14:00). */
import { expect } from 'chai';
import { isDateTimeWithOffset } from '../../src/snapshot/index.ts';

describe('snapshot date-time', () => {
  const accepted = ['2026-03-02T08:00:00Z', '2026-03-02T08:00:00+14:00', '2026-03-02T08:00:00-14:00', '2026-03-02T08:00:00+05:45', '2026-03-02T08:00:00.123456789-09:30', '2026-03-02T08:00:00-00:00'];
  const refused = ['2026-03-02T08:00:00+14:01', '2026-03-02T08:00:00-14:01', '2026-03-02T08:00:00+23:59', '2026-03-02T08:00:00+15:00', '2026-03-02T08:00:00+01:60', '2026-03-02T08:00:00+0100'];
  for (const value of accepted) it(`accepts ${value}`, () => expect(isDateTimeWithOffset(value)).to.equal(true));
  for (const value of refused) it(`refuses ${value}`, () => expect(isDateTimeWithOffset(value)).to.equal(false));
});
