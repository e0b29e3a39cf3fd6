import Type from 'typebox';
import { Id, Nullable } from './common.ts';

export const NuggetAvailability = Type.Enum(['in_service', 'in_maintenance', 'quarantined', 'destroyed'], { title: 'NuggetAvailability' });
export type NuggetAvailability = Type.Static<typeof NuggetAvailability>;

export const Nugget = Type.Object(
  {
    id: Id(),
    availability: NuggetAvailability,
    location_id: Id('Current place'),
    on_hire_to_customer_id: Type.Optional(Nullable(Id('Customer currently hiring it; absent (or null) means off-hire'))),
    reserved_for_movement_id: Type.Optional(Nullable(Id('Accepted movement leg with exclusive use of this off-hire Nugget; a leg not in the snapshot keeps the Nugget for itself, a proposed leg (new_movements) cannot reserve'))),
  },
  { additionalProperties: false, title: 'Nugget' },
);
export type Nugget = Type.Static<typeof Nugget>;
