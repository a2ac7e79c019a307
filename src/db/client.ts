// The one Postgres client. SQL is written only as postgres.js tagged templates: values are always
// bound parameters, never spliced into SQL text. int8 columns arrive as strings (postgres.js
// default), so counts that fit in a JS number are cast with ::int in the query itself.
import postgres from 'postgres';

export type Sql = postgres.Sql;
export type TxSql = postgres.TransactionSql;

export function createSql(databaseUrl: string, options: { max?: number } = {}): Sql {
  return postgres(databaseUrl, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'assay' },
  });
}
