import type { MovementLeg, Nugget } from '../../contract/index.ts';
import { describe, idsOf, type Activity, type Context } from './context.ts';
import type { Loadings } from './nugget-flow.ts';

/**
 * Which Nuggets a leg may handle: in service; not reserved for another leg; off-hire for
 * collect_empty and deliver_empty; for a warehouse_only deliver_empty, loaded at a warehouse.
 */
export function checkEligibility(context: Context, activities: readonly Activity[], loadings: Loadings): void {
  for (const activity of activities) {
    if (activity.type !== 'pickup' && activity.type !== 'delivery') continue;
    const leg = context.legs.get(activity.movementId!)!;
    for (const nuggetId of activity.nuggetIds) {
      const nugget = context.nuggets.get(nuggetId)!;
      const ids = idsOf(activity, nuggetId);
      if (nugget.availability !== 'in_service') {
        context.report('nugget_not_in_service', `${describe(activity)}: Nugget ${nuggetId} is ${nugget.availability}`, ids);
      }
      if (nugget.reserved_for_movement_id != null && nugget.reserved_for_movement_id !== leg.id) {
        context.report('nugget_reserved', `${describe(activity)}: Nugget ${nuggetId} is reserved for leg ${nugget.reserved_for_movement_id}`, ids);
      }
      if (leg.type !== 'move_nugget' && onHire(nugget)) {
        context.report('nugget_on_hire', `${describe(activity)}: Nugget ${nuggetId} is on hire to ${nugget.on_hire_to_customer_id}; a ${leg.type} needs an off-hire Nugget`, ids);
      }
      if (activity.type === 'delivery' && warehouseOnly(leg)) {
        const loading = loadings.get(activity)?.get(nuggetId);
        if (loading !== undefined && context.places.get(loading.placeId)?.type !== 'warehouse') {
          context.report('nugget_source', `${describe(activity)}: empty ${nuggetId} was loaded at ${loading.placeId}, not a warehouse (leg ${leg.id} is warehouse_only)`, idsOf(activity, nuggetId, loading.placeId));
        }
      }
    }
  }
}

const onHire = (nugget: Nugget) => nugget.on_hire_to_customer_id != null;
const warehouseOnly = (leg: MovementLeg) => leg.type === 'deliver_empty' && leg.empty_source === 'warehouse_only';
