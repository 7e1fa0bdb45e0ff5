import type { ReactNode } from 'react';

/**
 * Facts of a record as a description list (term, value); an empty value shows `missing` when given.
 */
export function FactList({
  rows,
  missing,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  missing?: string;
}) {
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value === '' || value === null || value === undefined ? missing : value}</dd>
        </div>
      ))}
    </dl>
  );
}
