-- migrate:up

-- Failed attempts in a row (reset by a success): an endpoint reaching the configured number
-- (WEBHOOK_DISABLE_AFTER_FAILURES) is disabled, so a dead receiver stops costing attempts.
alter table webhook_endpoints add column consecutive_failures integer not null default 0;

-- migrate:down

alter table webhook_endpoints drop column consecutive_failures;
