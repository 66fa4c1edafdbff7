/** Columns and cards (filled in by the columns, cards and dnd features). */
export function BoardCanvas() {
  return <div className="bv-canvas" />;
}
