-- migrate:up

-- Rate limit counters shared by every server process (rate-limiter-flexible's Postgres store,
-- src/http/rate-limit.ts): one row per (policy, client) and fixed window. The library's own
-- layout, created here so that the service never runs DDL; expired rows are deleted by it.
create table rate_limits (
  key     varchar(255) primary key,
  points  integer not null default 0,
  expire  bigint
);

-- migrate:down

drop table rate_limits;
