-- migrate:up

-- The datapoint as written, at every depth: jsonb keeps an object's keys shortest first, so the
-- source's key order of each object that is not in its default order is recorded beside the
-- content (src/domain/key-order.ts: a list per object in pre-order, [] for the default). Null
-- when the whole content is in its default order (every CSV record, flat JSON in field order).
-- Datapoints ingested before this column existed have null: they show as before.
alter table datapoints add column content_key_order jsonb;

-- migrate:down
alter table datapoints drop column content_key_order;
