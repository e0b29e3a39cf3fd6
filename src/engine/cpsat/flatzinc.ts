/**
 * FlatZinc in its JSON form (MiniZinc 2.10 `-c --fzn-format json`): the schema the translator
 * reads. Annotations stay `unknown` here (they nest); translate/search.ts reads them.
 */
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';

/** A set of integers as sorted, disjoint ranges: `{"set": [[1, 3], [5, 5]]}`. */
export const FznSetLiteral = Type.Object({ set: Type.Array(Type.Tuple([Type.Number(), Type.Number()])) }, { additionalProperties: false });
export const FznStringLiteral = Type.Object({ string: Type.String() }, { additionalProperties: false });

/** A number, a Boolean, the name of a variable or array, a set or a string. */
export const FznLiteral = Type.Union([Type.Number(), Type.Boolean(), Type.String(), FznSetLiteral, FznStringLiteral]);
/** A constraint argument: a literal or an inline array of literals. */
export const FznArgument = Type.Union([FznLiteral, Type.Array(FznLiteral)]);

export const FznVariable = Type.Object(
  {
    type: Type.String({ description: "'int', 'bool', 'float' or 'set of int'" }),
    domain: Type.Optional(Type.Array(Type.Array(Type.Number()))),
    /** A fixed value or another variable's name (an alias). */
    rhs: Type.Optional(FznLiteral),
    introduced: Type.Optional(Type.Boolean()),
    defined: Type.Optional(Type.Boolean()),
    ann: Type.Optional(Type.Array(Type.Unknown())),
  },
  { additionalProperties: false },
);

export const FznArray = Type.Object(
  {
    a: Type.Array(FznLiteral),
    introduced: Type.Optional(Type.Boolean()),
    defined: Type.Optional(Type.Boolean()),
    ann: Type.Optional(Type.Array(Type.Unknown())),
  },
  { additionalProperties: false },
);

export const FznConstraint = Type.Object(
  {
    id: Type.String(),
    args: Type.Array(FznArgument),
    defines: Type.Optional(Type.String()),
    ann: Type.Optional(Type.Array(Type.Unknown())),
  },
  { additionalProperties: false },
);

export const FznSolve = Type.Object(
  {
    method: Type.Union([Type.Literal('satisfy'), Type.Literal('minimize'), Type.Literal('maximize')]),
    objective: Type.Optional(FznLiteral),
    ann: Type.Optional(Type.Array(Type.Unknown())),
  },
  { additionalProperties: false },
);

export const FlatZinc = Type.Object({
  variables: Type.Record(Type.String(), FznVariable),
  arrays: Type.Record(Type.String(), FznArray),
  constraints: Type.Array(FznConstraint),
  output: Type.Array(Type.String()),
  solve: FznSolve,
  version: Type.Optional(Type.String()),
});

export type FznSetLiteral = Static<typeof FznSetLiteral>;
export type FznLiteral = Static<typeof FznLiteral>;
export type FznArgument = Static<typeof FznArgument>;
export type FznVariable = Static<typeof FznVariable>;
export type FznArray = Static<typeof FznArray>;
export type FznConstraint = Static<typeof FznConstraint>;
export type FznSolve = Static<typeof FznSolve>;
export type FlatZinc = Static<typeof FlatZinc>;

/** The first few schema violations, with their paths; empty when the value is FlatZinc JSON. */
export function flatZincProblems(value: unknown): string[] {
  if (Value.Check(FlatZinc, value)) return [];
  return Value.Errors(FlatZinc, value)
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message}`);
}

export function isSetLiteral(value: unknown): value is FznSetLiteral {
  return typeof value === 'object' && value !== null && 'set' in value;
}
