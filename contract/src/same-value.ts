/**
 * Whether two field values are equal as the API compares them in a versioned edit's merge: lists
 * are sets (assignees, labels), so their order does not count. The task form compares alike to know
 * what the user changed.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const right = [...b].sort();
    return [...a].sort().every((value, index) => value === right[index]);
  }
  return a === b;
}
