-- E-mail digests (docs/decisions/notifications.md#digests): each user's setting (off, weekly,
-- daily; weekly by default), the one row per user, period and day that keeps a digest from being
-- sent twice, and the headers an outgoing e-mail carries (List-Unsubscribe, RFC 8058).
alter table public.users add column email_digest text not null default 'WEEKLY'
  constraint users_email_digest_known check (email_digest in ('OFF', 'WEEKLY', 'DAILY'));
comment on column public.users.email_digest is
  'How often the user gets an e-mail digest of what falls due: OFF, WEEKLY (Mondays) or DAILY.';

alter table public.email_outbox add column headers jsonb
  constraint email_outbox_headers_object check (headers is null or jsonb_typeof(headers) = 'object');
comment on column public.email_outbox.headers is
  'Extra headers of the e-mail (name to text), e.g. List-Unsubscribe and List-Unsubscribe-Post.';

create table public.email_digests (
  id bigint generated always as identity primary key,
  user_id integer not null references public.users (id),
  period text not null constraint email_digests_period_known check (period in ('WEEKLY', 'DAILY')),
  day date not null,
  email_id integer not null references public.email_outbox (id),
  created_at timestamptz not null default now(),
  constraint email_digests_once unique (user_id, period, day)
);
comment on table public.email_digests is
  'The digests sent: one per user, period and day (a second scheduler run for the same day sends nothing).';
create index email_digests_email_idx on public.email_digests (email_id);
