import { expect } from 'chai';
import { relationCount } from '../../src/journey/index.ts';
import { CITIES, LONDON, gridPlaces } from './support/places.ts';

describe('relationCount', () => {
  it('counts ordered pairs of distinct places: n x (n - 1)', () => {
    expect(relationCount([])).to.equal(0);
    expect(relationCount([LONDON])).to.equal(0);
    expect(relationCount(CITIES)).to.equal(20);
    expect(relationCount(gridPlaces(500))).to.equal(249_500);
  });

  it('counts places at the same stop (coordinates equal to 5 decimals) once', () => {
    const sameStop = { id: 'london-yard', latitude: LONDON.latitude + 0.000004, longitude: LONDON.longitude - 0.000004 };
    const nextStop = { id: 'london-next-door', latitude: LONDON.latitude + 0.00001, longitude: LONDON.longitude };
    expect(relationCount([LONDON, sameStop])).to.equal(0);
    expect(relationCount([LONDON, sameStop, nextStop])).to.equal(2);
    expect(relationCount([...CITIES, sameStop])).to.equal(20);
  });
});
