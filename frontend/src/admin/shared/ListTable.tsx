import { styled, type SxProps, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useListContext, useTranslate, type RaRecord } from 'react-admin';
import Tooltip from './LazyTooltip';

export interface ListTableColumn<R extends RaRecord> {
  /** the record's field shown (when there is no `render`) and sorted on */
  source?: keyof R & string;
  label: string;
  render?: (record: R) => ReactNode;
  disableSort?: boolean;
  align?: TableCellProps['align'];
  /** applied to the column's header cell and to each of its cells */
  sx?: SxProps<Theme>;
}

export interface ListTableProps<R extends RaRecord> {
  columns: ListTableColumn<R>[];
  /** shown in place of the table once the list is loaded and empty */
  empty?: ReactNode;
  hover?: boolean;
  sx?: SxProps<Theme>;
}

const PREFIX = 'RaDataTable';
const classes = {
  root: `${PREFIX}-root`,
  table: `${PREFIX}-table`,
  tableWrapper: `${PREFIX}-tableWrapper`,
  thead: `${PREFIX}-thead`,
  tbody: `${PREFIX}-tbody`,
  headerRow: `${PREFIX}-headerRow`,
  headerCell: `${PREFIX}-headerCell`,
  row: `${PREFIX}-row`,
  rowEven: `${PREFIX}-rowEven`,
  rowOdd: `${PREFIX}-rowOdd`,
  rowCell: `${PREFIX}-rowCell`,
};

// react-admin's DataTable root styles (ra-ui-materialui/src/list/datatable/DataTableRoot.tsx), those that apply here
const Root = styled('div', { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  [`& .${classes.table}`]: { tableLayout: 'auto' },
  [`& .${classes.headerCell}`]: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    backgroundColor: theme.palette.background.paper,
    '&:first-of-type': { borderTopLeftRadius: theme.shape.borderRadius },
    '&:last-child': { borderTopRightRadius: theme.shape.borderRadius },
  },
}));

const Placeholder = styled('span', { name: 'RaPlaceholder', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  backgroundColor: theme.palette.grey[300],
  display: 'flex',
}));

const byClass = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');
const toArray = (sx: SxProps<Theme> | undefined) => (sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]);

/**
 * A read-only list table with react-admin's <DataTable> markup, class names, styles and behaviour (sort
 * on the headers with their "Sort by ..." tooltips, the five placeholder rows after a second of loading,
 * the `empty` element for an empty list) for lists without row selection, row click or column chooser:
 * DataTable keeps its bulk-action toolbar, confirm dialog, checkbox and columns selector (~25 kB
 * gzipped) in the page's first load even when they are turned off (decision 0014). Columns are
 * described as data rather than as DataTable.Col children.
 */
export function ListTable<R extends RaRecord>({ columns, empty, hover, sx }: ListTableProps<R>) {
  const { data, isPending, total, sort, setSort } = useListContext<R>();
  const translate = useTranslate();

  if (isPending) return <ListTableLoading columns={columns.length} />;
  if (data == null || data.length === 0 || total === 0) return <>{empty ?? null}</>;

  const handleSort = (event: MouseEvent<HTMLElement>) => {
    event.stopPropagation();
    const field = event.currentTarget.dataset.field || 'id';
    const order = sort?.field === field ? (sort.order === 'ASC' ? 'DESC' : 'ASC') : 'ASC';
    setSort({ field, order });
  };

  return (
    <Root className={classes.root} sx={sx}>
      <div className={classes.tableWrapper}>
        <Table className={classes.table} size="small">
          <TableHead className={classes.thead}>
            <TableRow className={byClass(classes.row, classes.headerRow)}>
              {columns.map((column) => {
                const label = translate(column.label, { _: column.label });
                const nextOrder = sort?.field === column.source ? (sort.order === 'ASC' ? 'DESC' : 'ASC') : 'ASC';
                const sortLabel = translate('ra.sort.sort_by', {
                  field: label,
                  field_lower_first: label.charAt(0).toLowerCase() + label.slice(1),
                  order: translate(`ra.sort.${nextOrder}`),
                  _: translate('ra.action.sort'),
                });
                return (
                  <TableCell
                    key={column.source ?? column.label}
                    className={byClass(classes.headerCell, `column-${column.source}`)}
                    variant="head"
                    align={column.align}
                    sx={column.sx}
                  >
                    {sort && !column.disableSort && column.source ? (
                      <Tooltip title={sortLabel} placement={column.align === 'right' ? 'bottom-end' : 'bottom-start'} enterDelay={300}>
                        <TableSortLabel
                          active={sort.field === column.source}
                          direction={sort.order === 'ASC' ? 'asc' : 'desc'}
                          data-field={column.source}
                          data-order="ASC"
                          onClick={handleSort}
                        >
                          <span>{label}</span>
                        </TableSortLabel>
                      </Tooltip>
                    ) : (
                      <span>{label}</span>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody className={byClass('datatable-body', classes.tbody)}>
            {data.map((record, index) => (
              <TableRow
                key={record.id ?? `row${index}`}
                className={byClass(classes.row, index % 2 === 0 ? classes.rowEven : classes.rowOdd)}
                hover={hover}
              >
                {columns.map((column) => {
                  const value = column.source === undefined ? undefined : record[column.source];
                  return (
                    <TableCell
                      key={column.source ?? column.label}
                      className={byClass(classes.rowCell, `column-${column.source}`)}
                      align={column.align}
                      sx={toArray(column.sx)}
                    >
                      {column.render ? column.render(record) : value != null ? String(value) : null}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </Root>
  );
}

/** react-admin's DataTableLoading: nothing for a second, then a header and five fading rows of placeholders. */
function ListTableLoading({ columns }: { columns: number }) {
  const [oneSecondHasPassed, setOneSecondHasPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOneSecondHasPassed(true), 1000);
    return () => clearTimeout(timer);
  }, []);
  if (!oneSecondHasPassed) return null;
  const cells = Array.from({ length: columns }, (_, i) => i);
  return (
    <div className={classes.root}>
      <Table className={classes.table} size="small">
        <TableHead>
          <TableRow className={classes.row}>
            {cells.map((key) => (
              <TableCell variant="head" className={classes.headerCell} key={key}>
                <Placeholder>&nbsp;</Placeholder>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {[0, 1, 2, 3, 4].map((row) => (
            <TableRow key={row} style={{ opacity: 1 / (row + 1) }}>
              {cells.map((key) => (
                <TableCell className={classes.rowCell} key={key}>
                  <Placeholder>&nbsp;</Placeholder>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
