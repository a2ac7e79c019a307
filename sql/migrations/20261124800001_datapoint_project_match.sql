-- migrate:up

-- Slots, votes and decisions carry their datapoint and a copy of its project (for their
-- per-project indexes). The copy must be the datapoint's project: a row that says project A of
-- a datapoint of project B (of another organization, perhaps) would show one tenant's work in
-- another's figures. A composite foreign key would need a unique index on datapoints
-- (id, project_id), one more index for every row ingest writes by the million; these rows are
-- written a few at a time (claims, votes, decisions), so each checks its datapoint by primary
-- key instead, as the foreign key on datapoint_id already does. A vote's slot, when it has one,
-- is of the same datapoint.
create function datapoint_in_project() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from datapoints d where d.id = new.datapoint_id and d.project_id = new.project_id) then
    raise foreign_key_violation using constraint = tg_table_name || '_datapoint_project_check',
      message = format('%s: datapoint %s is not of project %s', tg_table_name, new.datapoint_id, new.project_id);
  end if;
  return new;
end $$;
create function vote_slot_of_datapoint() returns trigger language plpgsql as $$
begin
  if new.slot_id is not null
     and not exists (select 1 from validation_slots s where s.id = new.slot_id and s.datapoint_id = new.datapoint_id) then
    raise foreign_key_violation using constraint = 'votes_slot_datapoint_check',
      message = format('votes: slot %s is not of datapoint %s', new.slot_id, new.datapoint_id);
  end if;
  return new;
end $$;
create trigger validation_slots_datapoint_project before insert or update of datapoint_id, project_id on validation_slots
  for each row execute function datapoint_in_project();
create trigger votes_datapoint_project before insert or update of datapoint_id, project_id on votes
  for each row execute function datapoint_in_project();
create trigger votes_slot_datapoint before insert or update of datapoint_id, slot_id on votes
  for each row execute function vote_slot_of_datapoint();
create trigger consensus_decisions_datapoint_project before insert or update of datapoint_id, project_id on consensus_decisions
  for each row execute function datapoint_in_project();

-- migrate:down

drop trigger consensus_decisions_datapoint_project on consensus_decisions;
drop trigger votes_slot_datapoint on votes;
drop trigger votes_datapoint_project on votes;
drop trigger validation_slots_datapoint_project on validation_slots;
drop function vote_slot_of_datapoint();
drop function datapoint_in_project();
