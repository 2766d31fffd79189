import { createContext, type ReactElement, useContext } from 'react';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  DateInput,
  DateTimeInput,
  Edit,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useResourceContext,
} from 'react-admin';
import type { ConsoleColumn, ConsoleTable } from '../data/hasura-dialect.ts';
import { humanise } from '../model/labels.ts';
import { UserSignInTools } from './user-sign-in-tools.tsx';

/** The introspected tables, by name, for the generic screens below. */
export const TablesContext = createContext<ReadonlyMap<string, ConsoleTable>>(new Map());

function useTable(): ConsoleTable {
  const name = useResourceContext();
  const table = useContext(TablesContext).get(name ?? '');
  if (!table) throw new Error(`No table ${name}`);
  return table;
}

const NUMBERS = new Set(['Int', 'bigint', 'numeric', 'Float', 'smallint']);
/** The columns a list shows at first: a table's first ones, as wide as a screen holds. */
const LIST_COLUMNS = 8;
/** The columns a list offers as filters; text columns are searched, others matched. */
const FILTERABLE = new Set(['String', 'citext', 'Int', 'bigint', 'Boolean', 'date', 'uuid']);

function fieldOf(column: ConsoleColumn): ReactElement {
  const label = humanise(column.name);
  if (column.type === 'Boolean') return <BooleanField key={column.name} source={column.name} label={label} />;
  if (NUMBERS.has(column.type))
    return (
      <NumberField key={column.name} source={column.name} label={label} options={{ useGrouping: false }} />
    );
  if (column.type === 'date')
    return <DateField key={column.name} source={column.name} label={label} locales="en-AU" />;
  if (column.type === 'jsonb' || column.type === 'json')
    return (
      <FunctionField
        key={column.name}
        source={column.name}
        label={label}
        sortable={false}
        render={(row: Record<string, unknown>) =>
          row[column.name] == null ? '' : JSON.stringify(row[column.name]).slice(0, 80)
        }
      />
    );
  return <TextField key={column.name} source={column.name} label={label} />;
}

function filterOf(column: ConsoleColumn, alwaysOn: boolean): ReactElement {
  const label = humanise(column.name);
  const common = { key: column.name, source: column.name, label, alwaysOn, resettable: true };
  if (column.type === 'Boolean') return <NullableBooleanInput {...common} />;
  if (NUMBERS.has(column.type)) return <NumberInput {...common} />;
  if (column.type === 'date') return <DateInput {...common} />;
  return <TextInput {...common} />;
}

function inputOf(column: ConsoleColumn, mode: 'edit' | 'create'): ReactElement | null {
  const label = humanise(column.name);
  const writable = mode === 'edit' ? column.updatable : column.insertable;
  if (mode === 'create' && !writable) return null;
  const common = {
    key: column.name,
    source: column.name,
    label,
    disabled: !writable,
    helperText: writable ? false : 'Read only',
    fullWidth: true,
  };
  if (column.type === 'jsonb' || column.type === 'json')
    return (
      <TextInput
        {...common}
        disabled
        format={(v: unknown) => (v == null ? '' : JSON.stringify(v))}
        helperText="Read only"
      />
    );
  if (column.type === 'Boolean') return <BooleanInput {...common} fullWidth={false} />;
  if (NUMBERS.has(column.type)) return <NumberInput {...common} />;
  if (column.type === 'date') return <DateInput {...common} />;
  if (column.type === 'timestamptz' || column.type === 'timestamp') return <DateTimeInput {...common} />;
  return <TextInput {...common} />;
}

/** A table's rows: filters, sortable columns, pages; a row opens its edit screen. */
export function TableList() {
  const table = useTable();
  const search =
    table.columns.find((c) => c.name === 'name') ?? table.columns.find((c) => c.type === 'String');
  const filters = table.columns
    .filter((c) => FILTERABLE.has(c.type) || c.type.endsWith('_enum'))
    .map((c) => filterOf(c, c === search));
  return (
    <List
      filters={filters}
      sort={{ field: table.key ?? table.columns[0]?.name ?? 'id', order: 'ASC' }}
      perPage={25}
      exporter={false}
      title={humanise(table.name)}
      empty={false}
    >
      <Datagrid rowClick={table.key ? 'edit' : false} bulkActionButtons={false}>
        {table.columns.slice(0, LIST_COLUMNS).map(fieldOf)}
      </Datagrid>
    </List>
  );
}

/** Save only: the console archives rather than deletes (the endpoint refuses deletes too). */
function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/**
 * One row: every column, the ones the console's role may not write shown read-only. A user's row
 * also has the admin's tools on that account's sign-in.
 */
export function TableEdit() {
  const table = useTable();
  return (
    <Edit mutationMode="pessimistic" title={`${humanise(table.name)}: edit`} redirect="list">
      <SimpleForm toolbar={<SaveOnlyToolbar />} sx={{ maxWidth: 720 }}>
        {table.columns.map((c) => inputOf(c, 'edit'))}
      </SimpleForm>
      {table.name === 'users' ? <UserSignInTools /> : null}
    </Edit>
  );
}

/** A new row of a table: the columns an insert may set. */
export function TableCreate() {
  const table = useTable();
  return (
    <Create title={`${humanise(table.name)}: new row`} redirect="edit">
      <SimpleForm toolbar={<SaveOnlyToolbar />} sx={{ maxWidth: 720 }}>
        {table.columns.map((c) => inputOf(c, 'create'))}
      </SimpleForm>
    </Create>
  );
}
