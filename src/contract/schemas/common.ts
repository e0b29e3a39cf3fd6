import Type from 'typebox';

/** ISO 8601 date-time that must carry an offset (`Z` or `±hh:mm`); checked by the `date-time` format. */
export const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description === undefined ? {} : { description }) });

/** A non-empty identifier. */
export const Id = (description?: string) =>
  Type.String({ minLength: 1, ...(description === undefined ? {} : { description }) });

/** An optional field that may also be `null`. */
export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * An object that may also be `null`, as `type: ["object", "null"]` rather than `anyOf`, so that
 * the defaults of its properties are applied (validators ignore defaults inside `anyOf`).
 */
export const NullableObject = <T extends Type.TObject>(schema: T) =>
  Type.Unsafe<Type.Static<T> | null>({ ...schema, type: ['object', 'null'] });

export const Window = Type.Object(
  {
    start: DateTime('Inclusive start'),
    end: DateTime('Inclusive end'),
  },
  { additionalProperties: false, title: 'Window', description: 'An inclusive time window.' },
);
export type Window = Type.Static<typeof Window>;

export const HandlingMinutes = (description: string) => Type.Integer({ minimum: 1, maximum: 240, default: 5, description });
