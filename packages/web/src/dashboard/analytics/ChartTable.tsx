/**
 * A chart's text alternative: its points as a table, read by screen readers and hidden on screen, where the
 * chart shows the same numbers. The canvas itself is only named (chart-theme.ts: series, count, axes).
 */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: string[][];
}) {
  // Hidden by a wrapper: a table grows to its content whatever width it is given, and widened the page on a phone.
  return (
    <div className="visually-hidden">
      <table data-testid="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are the chart's points in order, never reordered
            <tr key={i}>
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its fixed columns
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
