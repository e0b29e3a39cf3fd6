/** The node numbering of models/horizon.mzn (1-based, as in the model), for a layout. */
export interface NodeNumbering {
  units: number;
  duties: number;
}

export const pickupNode = (n: NodeNumbering, unit: number) => unit + 1;
export const deliveryNode = (n: NodeNumbering, unit: number) => n.units + unit + 1;
/** Start node of duty slot `duty` (0-based; `duties` is the route of nodes not visited). */
export const startNode = (n: NodeNumbering, duty: number) => 2 * n.units + duty + 1;
export const finishNode = (n: NodeNumbering, duty: number) => 2 * n.units + n.duties + 1 + duty + 1;
export const nodeCount = (n: NodeNumbering) => 2 * n.units + 2 * (n.duties + 1);

/** What a node is: a unit's pickup or delivery (0-based unit), a duty's start or finish (0-based slot). */
export type NodeRole = { kind: 'pickup'; unit: number } | { kind: 'delivery'; unit: number } | { kind: 'start'; duty: number } | { kind: 'finish'; duty: number };

export function nodeRole(n: NodeNumbering, node: number): NodeRole {
  const index = node - 1;
  if (index < n.units) return { kind: 'pickup', unit: index };
  if (index < 2 * n.units) return { kind: 'delivery', unit: index - n.units };
  if (index < 2 * n.units + n.duties + 1) return { kind: 'start', duty: index - 2 * n.units };
  return { kind: 'finish', duty: index - 2 * n.units - n.duties - 1 };
}
