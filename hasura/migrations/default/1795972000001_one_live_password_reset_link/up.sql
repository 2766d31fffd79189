-- One live reset link per account (issue 28): asking for a new link ends the older ones, so a link
-- left in an old e-mail (or a mailbox someone else reads) stops working. The older rows are kept,
-- marked superseded, not deleted. A partial unique index holds the rule for every writer.
alter table public.password_resets add column superseded_at timestamptz;
comment on column public.password_resets.superseded_at is
  'When a newer link for the same account ended this one (it can no longer be used).';

-- Links already open: the newest of each account stays, the others are superseded.
update public.password_resets r set superseded_at = now()
 where r.used_at is null
   and exists (select 1 from public.password_resets newer
                where newer.user_id = r.user_id and newer.used_at is null and newer.id > r.id);

create unique index password_resets_one_open_per_user_idx on public.password_resets (user_id)
  where used_at is null and superseded_at is null;
