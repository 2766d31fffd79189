-- The notification centre (the header's bell): what happened that a user should act on, as it
-- happens (an offer made, a survey submitted, a review notice, a certificate issued, ...), each
-- opening its screen. Written by the actions service in the transaction of the change that causes
-- it (so it exists if and only if the change committed); a user reads and marks read only their
-- own (GraphQL permissions). Never deleted: read ones stay, the bell lists the latest.
create table public.notifications (
  id bigint generated always as identity primary key,
  user_id integer not null references public.users (id),
  kind text not null,
  title text not null,
  link text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_kind_known check (kind in (
    'SURVEY_OFFER', 'PREFERRED_DAYS_REQUESTED', 'SURVEY_CONFIRMATION', 'SURVEY_SUBMITTED',
    'REVIEW_NOTICE', 'ACTION_PLAN', 'CERTIFICATE_ISSUED', 'ASSISTANCE_REQUESTED')),
  constraint notifications_title_check check (char_length(btrim(title)) between 1 and 300),
  constraint notifications_title_control_characters check (title !~ '[\u0001-\u001F\u007F-\u009F]'),
  -- A path of the app, never another site.
  constraint notifications_link_path check (link ~ '^/[^/\\]' and char_length(link) <= 500),
  constraint notifications_link_control_characters check (link !~ '[\u0001-\u001F\u007F-\u009F]'),
  constraint notifications_read_after_created check (read_at is null or read_at >= created_at)
);
comment on table public.notifications is
  'The notification centre: events a user should act on, each with the path of its screen; read by its user only.';
create index notifications_user_created_idx on public.notifications (user_id, created_at desc, id desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;
