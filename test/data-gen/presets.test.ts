import { expect } from 'chai';
import { generate, PRESET_NAMES, PRESETS, toJson, type Generated, type PresetName } from '../../data-gen/index.ts';
import { SPEC_LIMITS } from '../support/spec-limit-snapshot.ts';
import { allowanceProblems, plannabilityProblems, referenceProblems } from './support/snapshot-invariants.ts';
import { expectValid } from './support/validate.ts';

type Json = Record<string, any>;

/** Each preset is generated once for the whole file (max takes a few seconds). */
const cache = new Map<PresetName, { generated: Generated; json: string; snapshot: Json }>();
function preset(name: PresetName) {
  let entry = cache.get(name);
  if (entry === undefined) {
    const generated = generate({ preset: name });
    const json = toJson(generated.snapshot);
    entry = { generated, json, snapshot: JSON.parse(json) };
    cache.set(name, entry);
  }
  return entry;
}

const typeOf = (leg: Json) => leg.type ?? (leg.nugget_ids ? 'move_nugget' : leg.nugget_id ? 'collect_empty' : 'deliver_empty');

describe('data-gen presets', function () {
  this.timeout(60_000);

  for (const name of PRESET_NAMES) {
    describe(name, () => {
      it('is a manifest request the service accepts', () => {
        expectValid('manifests', preset(name).snapshot);
      });

      it("has exactly the preset's counts", () => {
        const { snapshot } = preset(name);
        const counts = PRESETS[name];
        expect(snapshot.locations).to.have.length(counts.locations);
        expect(snapshot.nuggets).to.have.length(counts.nuggets);
        expect(snapshot.movements).to.have.length(counts.legs);
        expect(snapshot.drivers).to.have.length(counts.crews);
        expect(snapshot.lorries).to.have.length(counts.crews);
        expect(snapshot.locations.filter((place: Json) => place.type === 'warehouse')).to.have.length(counts.regions);
      });

      it('refers only to things that exist, where and when the legs need them', () => {
        expect(referenceProblems(preset(name).snapshot)).to.deep.equal([]);
      });

      it('gives every leg windows a qualified crew can meet, enough empties and room to put Nuggets', () => {
        const { snapshot, generated } = preset(name);
        expect(plannabilityProblems(snapshot)).to.deep.equal([]);
        expect(generated.stats).to.deep.include({ unservable: 0, oversubscribed: 0 });
      });

      it("keeps drivers'-hours counters within the legal limits", () => {
        expect(allowanceProblems(preset(name).snapshot)).to.deep.equal([]);
      });
    });
  }

  it('makes max exactly the limits of spec section 8', () => {
    const { snapshot } = preset('max');
    expect(snapshot.locations).to.have.length(SPEC_LIMITS.locations);
    expect(snapshot.nuggets).to.have.length(SPEC_LIMITS.nuggets);
    expect(snapshot.movements).to.have.length(SPEC_LIMITS.movements);
    expect(snapshot.drivers).to.have.length(SPEC_LIMITS.drivers);
    expect(snapshot.lorries).to.have.length(SPEC_LIMITS.lorries);
  });

  it('puts every Nugget state, every leg type and both handling methods even into tiny', () => {
    const { snapshot } = preset('tiny');
    const availability = new Set(snapshot.nuggets.map((nugget: Json) => nugget.availability));
    expect([...availability].sort()).to.deep.equal(['destroyed', 'in_maintenance', 'in_service', 'quarantined']);
    expect(snapshot.nuggets.some((nugget: Json) => nugget.on_hire_to_customer_id != null)).to.equal(true);
    expect(snapshot.nuggets.some((nugget: Json) => nugget.on_hire_to_customer_id == null)).to.equal(true);
    expect(snapshot.nuggets.some((nugget: Json) => nugget.reserved_for_movement_id != null)).to.equal(true);
    expect(new Set(snapshot.movements.map(typeOf))).to.have.keys('deliver_empty', 'collect_empty', 'move_nugget');
    expect(snapshot.movements.every((leg: Json) => leg.type !== undefined)).to.equal(true);
  });

  it('mixes fleets, qualifications and counters like a real operation (medium)', () => {
    const { snapshot } = preset('medium');
    const equipment = snapshot.lorries.map((lorry: Json) => (lorry.equipment ?? ['crane']).join('+'));
    expect(new Set(equipment)).to.include.keys('crane', 'forklift', 'crane+forklift');
    const capacities = new Set<number>(snapshot.lorries.map((lorry: Json) => lorry.nugget_capacity ?? 4));
    expect(Math.min(...capacities)).to.be.at.least(1);
    expect(Math.max(...capacities)).to.be.at.most(6);
    expect(capacities.size).to.be.at.least(4);
    const qualifications = snapshot.drivers.map((driver: Json) => driver.qualifications ?? ['crane', 'hgv_c']);
    expect(qualifications.some((q: string[]) => q.includes('hgv_ce'))).to.equal(true);
    expect(qualifications.some((q: string[]) => q.includes('forklift') && !q.includes('crane'))).to.equal(true);
    expect(snapshot.drivers.some((driver: Json) => driver.fleet_check_allowances === undefined)).to.equal(true);
    const twoWeeks = (driver: Json) => (driver.fleet_check_allowances?.driving_this_week_minutes ?? 0) + (driver.fleet_check_allowances?.driving_previous_week_minutes ?? 0);
    expect(snapshot.drivers.some((driver: Json) => twoWeeks(driver) >= 5000), 'a driver near the two-week limit').to.equal(true);
    const methods = new Set(snapshot.movements.map((leg: Json) => leg.handling_method ?? 'crane'));
    expect(methods).to.have.keys('crane', 'forklift');
    expect(snapshot.locations.filter((place: Json) => place.type === 'handover_point').every((place: Json) => place.nugget_capacity != null)).to.equal(true);
  });

  it('gives multi-day drivers future refreshes at the start of later duties (large)', () => {
    const { snapshot } = preset('large');
    const withRefreshes = snapshot.drivers.filter((driver: Json) => (driver.future_allowance_refreshes ?? []).length > 0);
    expect(withRefreshes.length).to.be.within(20, 150);
    for (const driver of withRefreshes) {
      const starts = new Set(driver.availability.map((window: Json) => window.start));
      for (const refresh of driver.future_allowance_refreshes) expect(starts.has(refresh.effective_at), `${driver.id} refresh at a duty start`).to.equal(true);
    }
  });

  it('places customers and handover points a few to about 40 km from their warehouse, in Great Britain', () => {
    const { snapshot } = preset('large');
    const warehouses = snapshot.locations.filter((place: Json) => place.type === 'warehouse');
    for (const place of snapshot.locations) {
      expect(place.latitude, place.id).to.be.within(49.9, 58.7);
      expect(place.longitude, place.id).to.be.within(-6.5, 1.8);
      const nearest = Math.min(...warehouses.map((warehouse: Json) => kmBetween(place, warehouse)));
      expect(nearest, place.id).to.be.at.most(45);
    }
  });
});

function kmBetween(a: Json, b: Json): number {
  const toRad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * toRad;
  const dLon = (b.longitude - a.longitude) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * toRad) * Math.cos(b.latitude * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
