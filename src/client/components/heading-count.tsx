/**
 * A count after a page title, "(12)". It is there from the first paint, empty until the count
 * arrives, so the title's line keeps its height when the lighter face of the count joins it: the
 * page below does not move (no layout shift).
 */
export function HeadingCount({ count }: { count: number | null | undefined }) {
  return <span className="font-normal text-slate-500 tabular-nums">{count == null ? '\u00a0' : `(${count})`}</span>;
}
