import type {
  CollectEmpty,
  DeliverEmpty,
  Driver,
  Lorry,
  MovementLegInput,
  MoveNugget,
  Nugget,
  Place,
  Window,
} from '../src/contract/index.ts';
import type { Calendar } from './calendar.ts';
import type { CollectRecord, DeliverRecord, DriverRecord, Interval, LegRecord, LorryRecord, MoveRecord, NuggetState, Site } from './model.ts';

/** Writes the generator's records as contract objects, fields in the spec's order. */
export class Renderer {
  constructor(private readonly calendar: Calendar) {}

  window(interval: Interval): Window {
    return { start: this.calendar.iso(interval.start), end: this.calendar.iso(interval.end) };
  }

  place(site: Site): Place {
    return fields<Place>([
      ['id', site.id],
      ['name', site.name],
      ['type', site.type],
      ['latitude', site.latitude],
      ['longitude', site.longitude],
      ['nugget_capacity', site.constrained ? site.capacity : site.unconstrainedAsNull ? null : undefined],
    ]);
  }

  nugget(nugget: NuggetState): Nugget {
    return fields<Nugget>([
      ['id', nugget.id],
      ['availability', nugget.availability],
      ['location_id', nugget.location.id],
      ['on_hire_to_customer_id', nugget.hiredTo ?? (nugget.offHireAsNull ? null : undefined)],
      ['reserved_for_movement_id', nugget.reservedFor?.id],
    ]);
  }

  leg(leg: LegRecord): MovementLegInput {
    return this[leg.type](leg as never);
  }

  deliver_empty(leg: DeliverRecord): DeliverEmpty {
    return fields<DeliverEmpty>(
      [
        ['type', leg.type],
        ['id', leg.id],
        ['booking_id', leg.bookingId],
        ['destination_id', leg.destination.id],
        ['window', this.window(leg.window)],
        ['quantity', leg.quantity],
        ['empty_source', leg.emptySource],
        ['split_across_lorries', leg.split],
        ['handling_method', leg.method],
        ['handling_minutes_per_nugget', leg.minutes],
      ],
      leg.omit,
    );
  }

  collect_empty(leg: CollectRecord): CollectEmpty {
    return fields<CollectEmpty>(
      [
        ['type', leg.type],
        ['id', leg.id],
        ['booking_id', leg.bookingId],
        ['nugget_id', leg.nugget.id],
        ['location_id', leg.location.id],
        ['window', this.window(leg.window)],
        ['must_clear_by', leg.mustClearBy == null ? leg.mustClearBy : this.calendar.iso(leg.mustClearBy)],
        ['handling_method', leg.method],
        ['handling_minutes_per_nugget', leg.minutes],
      ],
      leg.omit,
    );
  }

  move_nugget(leg: MoveRecord): MoveNugget {
    return fields<MoveNugget>(
      [
        ['type', leg.type],
        ['id', leg.id],
        ['booking_id', leg.bookingId],
        ['nugget_ids', leg.nuggets.map((nugget) => nugget.id)],
        ['origin_id', leg.origin.id],
        ['destination_id', leg.destination.id],
        ['pickup_window', this.window(leg.pickup)],
        ['arrival_window', leg.arrival == null ? leg.arrival : this.window(leg.arrival)],
        ['split_across_lorries', leg.split],
        ['handling_method', leg.method],
        ['origin_handling_minutes_per_nugget', leg.originMinutes],
        ['destination_handling_minutes_per_nugget', leg.destinationMinutes],
      ],
      leg.omit,
    );
  }

  driver(driver: DriverRecord): Driver {
    const start = { omit: undefined, null: null, explicit: driver.start.id }[driver.startStyle];
    return fields<Driver>([
      ['id', driver.id],
      ['home_warehouse_id', driver.home.id],
      ['start_location_id', start],
      ['availability', driver.availability.map((interval) => this.window(interval))],
      ['qualifications', driver.writeQualifications ? driver.qualifications : undefined],
      ['fleet_check_allowances', driver.allowances],
      ['future_allowance_refreshes', driver.refreshes.length > 0 ? driver.refreshes : undefined],
    ]);
  }

  lorry(lorry: LorryRecord): Lorry {
    return fields<Lorry>(
      [
        ['id', lorry.id],
        ['start_location_id', lorry.start.id],
        ['availability', lorry.availability.map((interval) => this.window(interval))],
        ['nugget_capacity', lorry.capacity],
        ['equipment', lorry.equipment],
      ],
      lorry.omit,
    );
  }
}

/** An object of the given entries in order, leaving out `undefined` values and the `omit`ted keys. */
function fields<T>(entries: readonly (readonly [string, unknown])[], omit: readonly string[] = []): T {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) if (value !== undefined && !omit.includes(key)) result[key] = value;
  return result as T;
}
