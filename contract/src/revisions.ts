/**
 * Versioned writes: what a stale save answers. Tasks, columns and labels carry a `version` that grows
 * with each change of their fields; an edit may send the version its form was loaded from (the board
 * edit sends the board's version). Fields changed since then by someone else and also changed, to
 * another value, by the save are conflicts: 409 with the current item and who changed each field.
 */
import { type Static, Type } from 'typebox';

/** The version a form was loaded from; without it a save overwrites as it always did. */
export const FormVersion = Type.Optional(
  Type.Integer({
    minimum: 0,
    'x-error': 'Некорректная версия',
    description: 'the version the form was loaded from',
  }),
);

export const Conflict = Type.Object({
  /** The API's field name ('title', 'assignees', 'name', …). */
  field: Type.String(),
  /** Who changed it last since the form's version; null when unknown (changed before versions existed). */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String({ description: "that user's name, '' when unknown" }),
});
export type Conflict = Static<typeof Conflict>;

/** 409: `message`, the current item under its own key, and the conflicting fields. */
export const ConflictBody = <K extends string, S extends Parameters<typeof Type.Object>[0][string]>(
  key: K,
  item: S,
) =>
  Type.Object({
    message: Type.String(),
    ...({ [key]: item } as Record<K, S>),
    conflicts: Type.Array(Conflict),
  });
