// The one Postgres client. SQL is written only as postgres.js tagged templates: values are always
// bound parameters, never spliced into SQL text. int8 columns arrive as strings (postgres.js
// default), so counts that fit in a JS number are cast with ::int in the query itself.
import postgres from 'postgres';

export type Sql = postgres.Sql;
export type TxSql = postgres.TransactionSql;
/** Either: a function that takes `Db` runs in the caller's transaction when given one. */
export type Db = Sql | TxSql;
/** A piece of SQL (sql`...`) to embed in another statement. */
export type Fragment = postgres.Fragment;

export function createSql(databaseUrl: string, options: { max?: number } = {}): Sql {
  return postgres(databaseUrl, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'assay' },
  });
}
