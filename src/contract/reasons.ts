/**
 * The reason-code catalogue: every `reason_code` the service gives, for unplanned movements
 * (`unplanned_movements[].reason_code`) and for booking checks (`reason_code` when the status is
 * `infeasible_proven` or `unknown`). Each code is defined once, with its exact meaning.
 *
 * Kinds:
 * - `precheck`: a sound necessary condition failed for the leg, so no legal plan can serve it.
 *   Used for unplanned movements and as the proof of a booking check's `infeasible_proven`.
 * - `solver`: the leg was left out by the search; not a proof that it cannot be planned.
 * - `relaxation`: a relaxation model (it admits every real plan) was UNSATISFIABLE; a proof,
 *   used only for booking checks.
 * - `exact`: the exact model (models/horizon.mzn), on an instance where its exactness certificate
 *   shows that none of its remaining restrictions loses a plan, was UNSATISFIABLE, confirmed by a
 *   second solver backend; a proof, used only for booking checks.
 * - `conflict`: a left-out leg of a manifest plan that serves as many legs as any plan can
 *   (proven by the relaxation model, or by the exact model's confirmed OPTIMAL where its exactness
 *   certificate holds); the leg could be served only in place of another, if at all.
 * - `inconclusive`: a booking check's `unknown`; says nothing about feasibility.
 *
 * Rendered into docs/reasons.md (`npx tsx scripts/reasons-doc.ts`; a test keeps it in sync).
 */
export type ReasonKind = 'precheck' | 'solver' | 'conflict' | 'relaxation' | 'exact' | 'inconclusive';

export interface ReasonEntry {
  kind: ReasonKind;
  /** The exact meaning; also the start of every human `message` / `reason` given with the code. */
  meaning: string;
}

export const REASON_CATALOGUE = {
  // Pre-checks: each is a proof that no legal plan serves the leg.
  window_outside_planning_period: {
    kind: 'precheck',
    meaning: 'A window of the leg (the pickup, arrival or collection window) has no whole minute inside the planning period.',
  },
  window_unreachable: {
    kind: 'precheck',
    meaning:
      'No suitable lorry can reach a stop of the leg in time: starting no earlier than its first availability, after the 15-minute walk-round check (and, when no suitable lorry starts at the stop, driven by a driver with an HGV licence no earlier than the start of that driver\'s first availability and the walk-round check), at the shortest journey times of the journey data the plan uses, with the handling minutes the leg needs and by `must_clear_by`, every lorry arrives after the window has closed (or the work would end after the planning period).',
  },
  no_qualified_driver: {
    kind: 'precheck',
    meaning:
      'No driver holds the qualification for the leg\'s handling method, or the leg needs a lorry to be driven and no driver holds an HGV licence (`hgv_c` or `hgv_ce`).',
  },
  no_equipped_lorry: {
    kind: 'precheck',
    meaning: 'No lorry carries the equipment for the leg\'s handling method.',
  },
  quantity_exceeds_lorry_capacity: {
    kind: 'precheck',
    meaning: 'The leg may not be split across lorries and its Nuggets outnumber the capacity of every lorry with the right equipment.',
  },
  no_crew_available_in_window: {
    kind: 'precheck',
    meaning:
      'For a pickup or delivery of the leg, no driver with the handling qualification and no lorry with the equipment and capacity are available together for the whole handling time at any moment the stop could be served.',
  },
  not_enough_empty_nuggets: {
    kind: 'precheck',
    meaning:
      'Fewer Nuggets could ever be delivered as empties for the leg than it asks for: in service, off-hire, not reserved for another leg, and for `warehouse_only` at a warehouse or able to be brought to one.',
  },
  nugget_destroyed: { kind: 'precheck', meaning: 'A Nugget the leg names is destroyed.' },
  nugget_in_maintenance: { kind: 'precheck', meaning: 'A Nugget the leg names is in maintenance.' },
  nugget_quarantined: { kind: 'precheck', meaning: 'A Nugget the leg names is quarantined.' },
  nugget_reserved_for_other_leg: {
    kind: 'precheck',
    meaning: 'A Nugget the leg names is reserved (`reserved_for_movement_id`) for a different movement leg.',
  },
  nugget_on_hire: {
    kind: 'precheck',
    meaning: 'The leg collects an empty Nugget, but the Nugget it names is on hire to a customer.',
  },
  nugget_not_at_pickup_place: {
    kind: 'precheck',
    meaning: 'A Nugget the leg names is not at the leg\'s pickup place, and no leg of the snapshot can bring it there.',
  },
  must_clear_by_passed: {
    kind: 'precheck',
    meaning: 'The collection\'s `must_clear_by` is before the planning period starts.',
  },
  drivers_hours_exhausted: {
    kind: 'precheck',
    meaning:
      'The leg needs driving, at least one driver with an HGV licence is available (after the walk-round check) by the latest moment that driving could start, and every such driver has used up their daily, weekly or two-week driving allowance (counters, future refreshes and week boundaries considered) until after that moment (when no licensed driver is available by then, the code is `window_unreachable` instead).',
  },
  destination_capacity_insufficient: {
    kind: 'precheck',
    meaning:
      'The receiving place can never hold the Nuggets one delivery of the leg unloads (all of them when it may not be split, otherwise one), even if every Nugget that any leg could take away from it had left.',
  },

  // Solver-side: the leg was left out; not a proof.
  not_planned_within_allowance: {
    kind: 'solver',
    meaning:
      'The search found no plan serving this leg alongside the planned legs within the solve allowance. It is not a proof: a longer allowance or fewer legs might let it be planned.',
  },
  capacity_conflict_proven: {
    kind: 'conflict',
    meaning:
      'No plan serves more legs than the returned plan: disjoint sets of the offered legs, as many as the legs left out, were each proven unservable together by a relaxation model (it admits every real plan), so every plan leaves out at least one leg of each. This leg could be served only in place of another. The reason names the conflicts (the driver, lorry or place and the legs).',
  },

  left_out_proven_by_exact_model: {
    kind: 'conflict',
    meaning:
      'No plan serves more legs than the returned plan: the exact model of the planning problem (models/horizon.mzn) proved the returned plan optimal (legs served first, then driving, then duties), its claim confirmed by a second solver backend, on a small request where its exactness certificate shows that none of the simplifications its header lists can lose a plan, and every leg it was not offered was refused by a pre-check. This leg cannot be served alongside all the legs the plan serves.',
  },

  // Booking checks only.
  relaxation_infeasible: {
    kind: 'relaxation',
    meaning:
      'A relaxation of the planning problem (aggregate capacity over time of drivers, lorries, qualified crews and driving hours; Nugget stock; place capacity; windows against travel lower bounds) has no solution with the new legs added: no plan can serve them alongside the accepted legs.',
  },
  sole_driver_conflict: {
    kind: 'relaxation',
    meaning:
      'Only one driver can do the handling of some of the legs (qualification, licence, availability together with an able lorry), and no order of that work fits: the windows, the handling minutes and the shortest journeys between the places exclude every order. Proven by a relaxation model (it admits every real plan) being UNSATISFIABLE; the reason names the driver and the legs.',
  },
  sole_lorry_conflict: {
    kind: 'relaxation',
    meaning:
      'Only one lorry can carry out the handling of some of the legs (equipment, room for the Nuggets, availability together with an able driver), and no order of that work fits: the windows, the handling minutes and the shortest journeys between the places exclude every order. Proven by a relaxation model (it admits every real plan) being UNSATISFIABLE; the reason names the lorry and the legs.',
  },
  place_full_during_window: {
    kind: 'relaxation',
    meaning:
      'A delivery would leave the receiving place over its `nugget_capacity` at every moment it could be unloaded: the Nuggets there cannot have been taken away yet (no loading can start before the windows of the legs that take them), and the handling of the unloading must end inside an availability window of an able driver and lorry and no later than the end of the delivery window plus its handling minutes (a delivery starts inside its window; its Nuggets count at the place from the end of their handling, however long the activity is written). Proven by a relaxation model (it admits every real plan) being UNSATISFIABLE; the reason names the place and the leg.',
  },
  exact_model_infeasible: {
    kind: 'exact',
    meaning:
      'The exact model of the planning problem (models/horizon.mzn: duties of drivers with lorries, routes with journey times, every window, handling, lorry capacity, Nugget flow, place capacity over time and the drivers\' hours rules) has no plan serving the new legs alongside the accepted legs, and on this check none of the simplifications its header lists can lose a plan (the exactness certificate: one lorry per availability window and one driver window per lorry, journeys of at most 4.5 h, so three breaks per journey suffice, journey times that obey the triangle inequality, no empties or collections it treats differently). Its UNSATISFIABLE answer was confirmed by a second solver backend. No plan can serve them.',
  },
  check_inconclusive_within_allowance: {
    kind: 'inconclusive',
    meaning:
      'Within the booking-check allowance the check neither found and validated a plan serving the new legs nor proved that none exists. It does not mean the booking is impossible.',
  },
} as const satisfies Record<string, ReasonEntry>;

export type ReasonCode = keyof typeof REASON_CATALOGUE;

/** Codes whose failure is a proof for every possible plan (pre-checks and relaxations). */
export type PrecheckReasonCode = { [C in ReasonCode]: (typeof REASON_CATALOGUE)[C]['kind'] extends 'precheck' ? C : never }[ReasonCode];

export const REASON_CODES = Object.keys(REASON_CATALOGUE) as ReasonCode[];
