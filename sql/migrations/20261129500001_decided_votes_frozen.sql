-- migrate:up

-- Decided votes are frozen (docs/decisions.md, "Decided votes are frozen"). A decision is
-- terminal, and the votes that counted toward it are leaves of the votes tree every later Proof
-- Report commits (format 2): the columns a vote leaf is computed from, or that place it, never
-- change once its datapoint has a consensus decision, and such a vote is not deleted. The vote
-- lifecycle (src/lifecycle/votes.ts) already keeps to this: a vote is changed only while its
-- datapoint is not terminal, and the weight a vote carried in the decision (decision_weight) is
-- written once, in the transaction that inserts the decision. These triggers make the rows keep it.
--   * UPDATE of the datapoint, project, voter, rating, weight, class, synthetic flag, time, AI
--     configuration, comment, provenance or shadow flag of a vote whose datapoint (before or after
--     the update) has a decision; and of its decision_weight once set. user_id and slot_id stay
--     free: deleting a user or a slot sets them to null (`on delete set null`), and neither is in a leaf.
--   * DELETE of such a vote, unless it goes with its project or its datapoint: deleting a project
--     (or an organization, which deletes its projects) deletes their votes through the foreign key
--     and the datapoints trigger, after the project row is gone; a datapoint's cascade removes its
--     decision with it.
create function votes_decided_frozen() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from projects where id = old.project_id)
      and exists (select 1 from datapoints where id = old.datapoint_id)
      and exists (select 1 from consensus_decisions where datapoint_id = old.datapoint_id) then
      raise exception 'vote % counted toward the terminal decision of datapoint %: it cannot be deleted',
        old.id, old.datapoint_id
        using errcode = 'check_violation', constraint = 'votes_decided_frozen';
    end if;
    return old;
  end if;
  if exists (select 1 from consensus_decisions where datapoint_id in (old.datapoint_id, new.datapoint_id)) then
    raise exception 'vote % counted toward the terminal decision of datapoint %: it cannot be changed',
      old.id, old.datapoint_id
      using errcode = 'check_violation', constraint = 'votes_decided_frozen';
  end if;
  return new;
end $$;

create trigger votes_decided_frozen_update before update on votes
  for each row when (
    (old.datapoint_id, old.project_id, old.voter, old.rating, old.weight, old.class_id, old.synthetic,
      old.created_at, old.ai_config, old.comment, old.provenance::text, old.shadow)
    is distinct from
    (new.datapoint_id, new.project_id, new.voter, new.rating, new.weight, new.class_id, new.synthetic,
      new.created_at, new.ai_config, new.comment, new.provenance::text, new.shadow)
    or (old.decision_weight is not null and old.decision_weight is distinct from new.decision_weight))
  execute function votes_decided_frozen();
create trigger votes_decided_frozen_delete before delete on votes
  for each row execute function votes_decided_frozen();

-- migrate:down
drop trigger votes_decided_frozen_delete on votes;
drop trigger votes_decided_frozen_update on votes;
drop function votes_decided_frozen();
