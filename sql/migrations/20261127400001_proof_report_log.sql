-- migrate:up

-- A project's Proof Reports form a transparency log (docs/decisions.md, "Reports only append").
-- Each report's manifest tree is the project's datapoints in seq order and its results tree the
-- decisions in seq order; a later report extends an earlier one exactly when no leaf it covered
-- changes, moves or disappears, and new leaves come after the old ones. The service checks that
-- before it signs (the prefix of the new trees must hash to the previous report's digests); these
-- triggers make the rows themselves keep it:
--   * a datapoint or decision inserted into a project must have a seq above the highest the
--     project's reports covered (seq is an identity column: it cannot be updated to another value
--     except `default`, which the update guard below refuses too);
--   * the columns a leaf is hashed from, or ordered by, never change: a decision's id, datapoint,
--     project, seq and figures, a datapoint's id, project, checksum and seq (other columns, such
--     as a datapoint's open slots, change as before).
-- The insert check is one aggregate over the statement's transition table, as the
-- project_data_state triggers beside it already do.
create function proof_log_datapoints_appended() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from (select project_id, min(seq) as lo from new_rows group by project_id) n
    join proof_reports r on r.project_id = n.project_id and r.datapoint_max_seq >= n.lo
  ) then
    raise exception 'a datapoint would enter a project''s manifest before leaves its Proof Reports signed'
      using errcode = 'check_violation', constraint = 'proof_log_append_only';
  end if;
  return null;
end $$;

create function proof_log_decisions_appended() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from (select project_id, min(seq) as lo from new_rows group by project_id) n
    join proof_reports r on r.project_id = n.project_id and r.decision_max_seq >= n.lo
  ) then
    raise exception 'a decision would enter a project''s results before leaves its Proof Reports signed'
      using errcode = 'check_violation', constraint = 'proof_log_append_only';
  end if;
  return null;
end $$;

create function proof_log_leaf_unchanged() returns trigger language plpgsql as $$
begin
  raise exception '% rows are leaves of signed Proof Reports: their hashed columns never change', tg_table_name
    using errcode = 'check_violation', constraint = 'proof_log_leaf_unchanged';
end $$;

-- A gold item is no manifest leaf: a datapoint becoming gold, or ceasing to be, would take a leaf
-- out of or put one into a tree a report signed. Refused once a report covered its seq (the
-- lifecycle only marks datapoints without votes, never a terminal one).
create function proof_log_gold_unchanged() returns trigger language plpgsql as $$
begin
  if exists (select 1 from proof_reports r where r.project_id = old.project_id and r.datapoint_max_seq >= old.seq) then
    raise exception 'a datapoint a Proof Report covered cannot become gold or stop being gold'
      using errcode = 'check_violation', constraint = 'proof_log_leaf_unchanged';
  end if;
  return new;
end $$;

create trigger proof_log_datapoints_appended after insert on datapoints
  referencing new table as new_rows for each statement execute function proof_log_datapoints_appended();
create trigger proof_log_decisions_appended after insert on consensus_decisions
  referencing new table as new_rows for each statement execute function proof_log_decisions_appended();
create trigger proof_log_datapoint_leaf_unchanged before update of id, project_id, checksum, seq on datapoints
  for each row when (old.id is distinct from new.id or old.project_id is distinct from new.project_id
    or old.checksum is distinct from new.checksum or old.seq is distinct from new.seq)
  execute function proof_log_leaf_unchanged();
create trigger proof_log_datapoint_gold_unchanged before update of gold_rating on datapoints
  for each row when ((old.gold_rating is null) <> (new.gold_rating is null))
  execute function proof_log_gold_unchanged();
create trigger proof_log_decision_leaf_unchanged
  before update of id, datapoint_id, project_id, seq, quality_rating_mean, quality_rating_median, consensus_strength
  on consensus_decisions
  for each row when (old.id is distinct from new.id or old.datapoint_id is distinct from new.datapoint_id
    or old.project_id is distinct from new.project_id or old.seq is distinct from new.seq
    or old.quality_rating_mean is distinct from new.quality_rating_mean
    or old.quality_rating_median is distinct from new.quality_rating_median
    or old.consensus_strength is distinct from new.consensus_strength)
  execute function proof_log_leaf_unchanged();

-- Each report's C2SP checkpoint (signed note over its results tree), signed when the report is;
-- null on reports stored before this migration until one is asked for.
alter table proof_reports add column checkpoint text;

-- migrate:down
alter table proof_reports drop column checkpoint;
drop trigger proof_log_decision_leaf_unchanged on consensus_decisions;
drop trigger proof_log_datapoint_gold_unchanged on datapoints;
drop trigger proof_log_datapoint_leaf_unchanged on datapoints;
drop trigger proof_log_decisions_appended on consensus_decisions;
drop trigger proof_log_datapoints_appended on datapoints;
drop function proof_log_leaf_unchanged();
drop function proof_log_gold_unchanged();
drop function proof_log_decisions_appended();
drop function proof_log_datapoints_appended();
