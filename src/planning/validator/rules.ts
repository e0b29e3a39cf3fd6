import { HOURS_RULES, HOURS_RULE_TEXT, type HoursRule } from '../hours/index.ts';

/** Every rule id the validator reports, with when it is violated (docs/validator.md has the same table). */
export const PLAN_RULES = {
  response_data_as_of: '`data_as_of` is not the snapshot\'s `data_as_of`',
  warning_allowances_missing: 'a driver without `fleet_check_allowances` is not in a `driver_allowances_missing` warning',
  unknown_reference: 'a manifest, activity or unplanned entry names a driver, lorry, place, Nugget or leg the snapshot does not have',
  manifest_duplicate: 'two manifests for one driver',
  activity_shape: 'an activity lacks a field its type requires, names a Nugget twice, or a yard_work is not at a warehouse',
  time_format: 'a start/end is not a date-time with an offset',
  time_offset: 'the offset is not the snapshot timezone\'s offset at that instant',
  time_reversed: 'end before start',
  activity_order: 'an activity starts before the previous one of the same driver ends',
  outside_planning_period: 'an activity starts before planning_period.start or ends after its end',
  break_too_short: 'a break shorter than 15 min',
  leg_missing: 'an accepted leg is neither planned nor listed unplanned',
  leg_planned_and_unplanned: 'a leg has activities and is listed unplanned',
  leg_unplanned_twice: 'a leg is listed unplanned more than once',
  leg_incomplete: 'a leg is only partly planned',
  leg_served_twice: 'a Nugget picked up or delivered twice for one leg, or more than quantity delivered',
  leg_split: 'a leg with split_across_lorries false is served by more than one pickup or delivery activity',
  leg_wrong_place: 'a leg\'s pickup or delivery is not at the leg\'s place',
  leg_wrong_nugget: 'a move_nugget or collect_empty activity handles a Nugget that is not the leg\'s',
  booking_mismatch: 'an activity\'s or unplanned entry\'s booking_id is not its leg\'s',
  pickup_window: 'a pickup starts outside the leg\'s pickup window',
  arrival_window: 'a delivery starts outside the leg\'s arrival window',
  must_clear_by: 'a collected empty leaves its collection place after must_clear_by (or never)',
  handling_duration: 'a pickup, delivery or yard_work is shorter than its handling minutes x Nuggets',
  lorry_equipment: 'the lorry lacks the leg\'s handling equipment',
  driver_qualification: 'the driver lacks the leg\'s handling qualification',
  driver_licence: 'a driver who drives holds neither hgv_c nor hgv_ce',
  drive_duration: 'a journey\'s drive pieces total less than the journey minutes',
  driver_unavailable: 'an activity is not inside one of the driver\'s availability windows, or starts before the driver\'s counters were observed',
  lorry_unavailable: 'an activity naming a lorry is not inside one of the lorry\'s availability windows',
  lorry_double_booked: 'two drivers hold the same lorry at overlapping times',
  walk_round_check: 'a duty does not start with a service of >= 15 min, or a lorry is taken over without one',
  driver_location: 'an activity is not where the driver is',
  lorry_location: 'an activity is not where the lorry is',
  nugget_location: 'a Nugget is loaded where it is not, unloaded from or carried on a lorry it is not on, or handled twice at once',
  lorry_capacity: 'more Nuggets on board than the lorry\'s nugget_capacity',
  place_capacity: 'an unloading leaves more Nuggets at a place than its nugget_capacity',
  nugget_not_in_service: 'a leg handles a Nugget that is not in_service',
  nugget_on_hire: 'a collect_empty or deliver_empty uses a Nugget that is on hire',
  nugget_reserved: 'a leg handles a Nugget reserved for another leg',
  nugget_source: 'a warehouse_only delivery uses an empty not loaded at a warehouse',
  ...(Object.fromEntries(HOURS_RULES.map((rule) => [rule, HOURS_RULE_TEXT[rule]])) as Record<HoursRule, string>),
} as const;

export type PlanRule = keyof typeof PLAN_RULES;

export interface Violation {
  rule: PlanRule;
  message: string;
  /** The driver, lorry, leg, Nugget and place ids involved. */
  ids: string[];
}
