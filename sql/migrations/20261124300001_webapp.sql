-- migrate:up

-- A person's own votes per project, for the web app's "rated today / overall". Only human votes
-- carry a user id, so the partial index leaves Auto Consensus inserts untouched.
create index votes_user_idx on votes (user_id, project_id, created_at) where user_id is not null;

-- migrate:down

drop index votes_user_idx;
