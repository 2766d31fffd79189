-- Client logging (spec 000 §7 POST /utils/log/): what the app only logs (a permission load that
-- failed, a staff document missing, the choice lists not loaded, …) is kept here, where a
-- provider admin reads it (GraphQL select for provider_admin only, so the admin console lists it).
-- Written only by the actions service's POST /api/utils/log, rate-limited and size-capped there.
create table public.client_logs (
  id bigint generated always as identity primary key,
  logged_at timestamptz not null default now(),
  user_id integer references public.users (id),
  severity text not null,
  data jsonb not null,
  user_agent text,
  constraint client_logs_severity_known check (severity in ('debug', 'info', 'warning', 'error')),
  constraint client_logs_data_small check (octet_length(data::text) <= 8192),
  constraint client_logs_user_agent_short check (char_length(user_agent) <= 500)
);
comment on table public.client_logs is
  'What the web app only logs (spec 000 §7 POST /utils/log/): severity and data, who and when; read by provider admins.';
create index client_logs_logged_at_idx on public.client_logs (logged_at desc);
create index client_logs_user_id_idx on public.client_logs (user_id);
