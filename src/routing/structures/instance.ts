/**
 * The routing problem that `models/pdptw.mzn` states, in the model's integer time units, and
 * routes over it. The benchmarks (Li & Lim, Solomon) and the service's planner both translate
 * into it; the construction, the large-neighbourhood search and the route evaluator work on it.
 */

/** Inclusive at both ends, in the instance's time units. */
export interface TimeWindow {
  earliest: number;
  latest: number;
}

export interface RoutingRequest {
  pickupLocation: number;
  deliveryLocation: number;
  pickupWindow: TimeWindow;
  deliveryWindow: TimeWindow;
  pickupService: number;
  deliveryService: number;
  quantity: number;
  /** May be left unserved (at the drop penalty); Li & Lim and Solomon requests may not. */
  droppable: boolean;
  /** The group the request belongs to: a group is served by all its requests or none, and counts once when dropped. Requests of a group are adjacent. */
  group: number;
  /**
   * The delivery happens where the route ends, after its last real stop (Solomon: a customer
   * is a pickup and the load goes back to the depot); the delivery location must be the end
   * location of every vehicle that may serve it.
   */
  deliverAtRouteEnd: boolean;
  /** Vehicles (indexes) allowed to serve it; null = all. */
  eligibleVehicles: number[] | null;
}

export interface RoutingVehicle {
  startLocation: number;
  endLocation: number;
  /** Earliest departure and latest return. */
  window: TimeWindow;
  capacity: number;
  /** Hours counters (driving so far, driving since the last break) at the start of the route (ignored when `hours` is null). */
  drivingDone: number;
  drivingSinceBreak: number;
}

/** Working-hours limits the routing model relaxes (see pdptw.mzn), in the instance's time units. */
export interface HoursLimits {
  maxDriving: number;
  maxSpan: number;
  drivingBeforeBreak: number;
  breakLength: number;
}

export interface RoutingInstance {
  name: string;
  /** `travel[a][b]`: travel time (= driving cost) from location a to b, integer time units. */
  travel: number[][];
  /** Latest time of anything. */
  horizon: number;
  requests: RoutingRequest[];
  vehicles: RoutingVehicle[];
  /** null: the hours constraints are switched off (benchmarks). */
  hours: HoursLimits | null;
  /** Objective order after served requests: vehicles then travel (Li & Lim / Solomon BKS), or travel then vehicles (the service). */
  vehiclesFirst: boolean;
}

/** A stop on a route: the pickup or the delivery of a request. */
export interface RouteStop {
  request: number;
  kind: 'pickup' | 'delivery';
}

/** One route per vehicle (empty = unused); requests on no route are unserved. */
export interface RoutingSolution {
  routes: RouteStop[][];
}

/** The lexicographic objective, most important first. */
export interface RoutingCost {
  dropped: number;
  vehicles: number;
  travel: number;
}
