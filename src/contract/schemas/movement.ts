import Type from 'typebox';
import { DateTime, HandlingMinutes, Id, Nullable, Window } from './common.ts';

export const HandlingMethod = Type.Enum(['crane', 'forklift'], { title: 'HandlingMethod' });
export type HandlingMethod = Type.Static<typeof HandlingMethod>;

export const EmptySource = Type.Enum(['any_available', 'warehouse_only'], { title: 'EmptySource' });
export type EmptySource = Type.Static<typeof EmptySource>;

const legCommon = {
  id: Id('Movement-leg identifier'),
  booking_id: Type.Optional(Nullable(Id('Parent booking'))),
  handling_method: Type.Optional(Type.Enum(['crane', 'forklift'], { default: 'crane' })),
};

export const DeliverEmpty = Type.Object(
  {
    type: Type.Optional(Type.Literal('deliver_empty', { default: 'deliver_empty' })),
    ...legCommon,
    destination_id: Id('Customer property or handover point receiving'),
    window: Window,
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 1 })),
    empty_source: Type.Optional(
      Type.Enum(['any_available', 'warehouse_only'], {
        default: 'any_available',
        description: '`any_available`: the planner may redirect an off-hire Nugget; `warehouse_only`: collect from a warehouse',
      }),
    ),
    split_across_lorries: Type.Optional(Type.Boolean({ default: true })),
    handling_minutes_per_nugget: Type.Optional(HandlingMinutes('Per Nugget at each pickup and delivery stop')),
  },
  { additionalProperties: false, title: 'DeliverEmpty', description: 'Deliver empty Nuggets; `window` is the allowed arrival window at the destination.' },
);
export type DeliverEmpty = Type.Static<typeof DeliverEmpty>;

export const CollectEmpty = Type.Object(
  {
    type: Type.Optional(Type.Literal('collect_empty', { default: 'collect_empty' })),
    ...legCommon,
    nugget_id: Id('Nugget to collect'),
    location_id: Id('Collection place'),
    window: Window,
    must_clear_by: Type.Optional(Nullable(DateTime('Hard latest time by which the empty Nugget must leave the property (before the window opens: the leg is returned unplanned, window_unreachable)'))),
    handling_minutes_per_nugget: Type.Optional(HandlingMinutes('Loading time at the collection location')),
  },
  { additionalProperties: false, title: 'CollectEmpty', description: 'Collect a named off-hire Nugget; `window` is the allowed pickup window.' },
);
export type CollectEmpty = Type.Static<typeof CollectEmpty>;

export const MoveNugget = Type.Object(
  {
    type: Type.Optional(Type.Literal('move_nugget', { default: 'move_nugget' })),
    ...legCommon,
    nugget_ids: Type.Array(Id(), { minItems: 1, maxItems: 100 }),
    origin_id: Id('Pickup place'),
    destination_id: Id('Receiving place'),
    pickup_window: Window,
    arrival_window: Type.Optional(Nullable(Window)),
    split_across_lorries: Type.Optional(Type.Boolean({ default: true })),
    origin_handling_minutes_per_nugget: Type.Optional(HandlingMinutes('Per Nugget at the origin')),
    destination_handling_minutes_per_nugget: Type.Optional(HandlingMinutes('Per Nugget at the destination')),
  },
  { additionalProperties: false, title: 'MoveNugget', description: 'Move named Nuggets from `origin_id` to `destination_id`.' },
);
export type MoveNugget = Type.Static<typeof MoveNugget>;

/**
 * A movement leg, discriminated on `type`. `type` may be omitted: the leg's own fields then
 * decide (see `inferLegType` in src/contract/validation), and the default fills it in.
 */
export const MovementLeg = Type.Union([DeliverEmpty, CollectEmpty, MoveNugget], { title: 'MovementLeg' });
export type MovementLegInput = Type.Static<typeof MovementLeg>;

export const LEG_TYPES = ['deliver_empty', 'collect_empty', 'move_nugget'] as const;
export type LegType = (typeof LEG_TYPES)[number];

/** A leg after validation: `type` and every default are filled in. */
export type DeliverEmptyLeg = Required<Omit<DeliverEmpty, 'booking_id'>> & { type: 'deliver_empty'; booking_id?: string | null };
export type CollectEmptyLeg = Required<Omit<CollectEmpty, 'booking_id' | 'must_clear_by'>> & {
  type: 'collect_empty';
  booking_id?: string | null;
  must_clear_by?: string | null;
};
export type MoveNuggetLeg = Required<Omit<MoveNugget, 'booking_id' | 'arrival_window'>> & {
  type: 'move_nugget';
  booking_id?: string | null;
  arrival_window?: Window | null;
};
export type MovementLeg = DeliverEmptyLeg | CollectEmptyLeg | MoveNuggetLeg;
