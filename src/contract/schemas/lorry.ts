import Type from 'typebox';
import { Id, Window } from './common.ts';

export const LorryEquipment = Type.Enum(['crane', 'forklift'], { title: 'LorryEquipment' });
export type LorryEquipment = Type.Static<typeof LorryEquipment>;

export const Lorry = Type.Object(
  {
    id: Id(),
    start_location_id: Id('Place where the lorry begins the planning period'),
    availability: Type.Array(Window, { minItems: 1, maxItems: 64 }),
    nugget_capacity: Type.Optional(Type.Integer({ minimum: 1, default: 4, description: 'Maximum Nuggets carried at once' })),
    equipment: Type.Optional(Type.Array(LorryEquipment, { uniqueItems: true, default: ['crane'] })),
  },
  { additionalProperties: false, title: 'Lorry' },
);
export type Lorry = Type.Static<typeof Lorry>;
