import Type from 'typebox';
import { Id, Nullable } from './common.ts';

export const PlaceType = Type.Enum(['warehouse', 'customer_property', 'handover_point'], { title: 'PlaceType' });
export type PlaceType = Type.Static<typeof PlaceType>;

export const Place = Type.Object(
  {
    id: Id('Location identifier'),
    name: Type.Optional(Nullable(Type.String({ minLength: 1 }))),
    type: PlaceType,
    latitude: Type.Number({ minimum: -90, maximum: 90, description: 'WGS84 latitude of the lorry stop' }),
    longitude: Type.Number({ minimum: -180, maximum: 180, description: 'WGS84 longitude of the lorry stop' }),
    nugget_capacity: Type.Optional(Nullable(Type.Integer({ minimum: 0, description: 'Maximum Nuggets that may remain at the place, when constrained' }))),
  },
  { additionalProperties: false, title: 'Place' },
);
export type Place = Type.Static<typeof Place>;
