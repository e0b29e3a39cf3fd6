import type { ManifestPlanResponse } from '../../contract/index.ts';
import type { Context } from './context.ts';

/** The response echoes `data_as_of` and names every driver without counters in a `driver_allowances_missing` warning. */
export function checkResponse(context: Context, response: ManifestPlanResponse): void {
  if (response.data_as_of !== context.snapshot.data_as_of) {
    context.report('response_data_as_of', `data_as_of is '${response.data_as_of}'; the snapshot's is '${context.snapshot.data_as_of}'`, []);
  }
  const warned = new Set((response.warnings ?? []).filter((warning) => warning.code === 'driver_allowances_missing').flatMap((warning) => warning.affected_ids ?? []));
  for (const driver of context.snapshot.drivers) {
    if (driver.fleet_check_allowances == null && !warned.has(driver.id)) {
      context.report('warning_allowances_missing', `driver ${driver.id} has no fleet_check_allowances but no driver_allowances_missing warning names them`, [driver.id]);
    }
  }
}
