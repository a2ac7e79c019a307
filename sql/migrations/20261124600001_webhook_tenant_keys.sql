-- migrate:up

-- A delivery joins an event and an endpoint; both belong to an organization, and they must be
-- the same one (an event of organization A must never go to B's endpoint, whatever code writes
-- the row). The delivery carries the organization and two composite keys hold it to both; an
-- attempt's endpoint is its delivery's.
alter table webhook_events add constraint webhook_events_id_org_key unique (id, org_id);
alter table webhook_endpoints add constraint webhook_endpoints_id_org_key unique (id, org_id);
alter table webhook_deliveries add column org_id uuid;
update webhook_deliveries d set org_id = e.org_id from webhook_events e where e.id = d.event_id;
alter table webhook_deliveries alter column org_id set not null,
  add constraint webhook_deliveries_event_org_fkey foreign key (event_id, org_id) references webhook_events (id, org_id) on delete cascade,
  add constraint webhook_deliveries_endpoint_org_fkey foreign key (endpoint_id, org_id) references webhook_endpoints (id, org_id) on delete cascade,
  add constraint webhook_deliveries_id_endpoint_key unique (id, endpoint_id);
alter table webhook_attempts add constraint webhook_attempts_delivery_endpoint_fkey
  foreign key (delivery_id, endpoint_id) references webhook_deliveries (id, endpoint_id) on delete cascade;

-- migrate:down

alter table webhook_attempts drop constraint webhook_attempts_delivery_endpoint_fkey;
alter table webhook_deliveries drop constraint webhook_deliveries_id_endpoint_key,
  drop constraint webhook_deliveries_endpoint_org_fkey, drop constraint webhook_deliveries_event_org_fkey,
  drop column org_id;
alter table webhook_endpoints drop constraint webhook_endpoints_id_org_key;
alter table webhook_events drop constraint webhook_events_id_org_key;
