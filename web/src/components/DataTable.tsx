/**
 * The one table of the app's lists (members, clubs, invoices, the audit log): a caption for
 * screen readers, a header row of column names, and a row per item whose cells the columns
 * draw. Pages say what each column shows; the markup and its Amplify UI styling live here.
 */
import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import './data-table.css';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  highlightOnHover = true,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The rows' data-testid, for tests that count or pick rows. */
  rowTestId?: string;
  highlightOnHover?: boolean;
}) {
  // A table wider than a phone scrolls inside its own box, so the page never scrolls sideways.
  return (
    <div className="data-table-scroll">
      <Table caption={caption} highlightOnHover={highlightOnHover} size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell as="th" key={column.header}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <TableCell key={column.header}>{column.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
