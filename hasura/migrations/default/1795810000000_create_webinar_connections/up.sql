-- A user's connection to the webinar provider (spec 000 §2 /GoToWebinars/callback, 002 §7 'POST
-- oauth/v2/token'): the tokens the actions service got for them by the OAuth 2.0 authorization
-- code flow, encrypted by the service (AES-256-GCM) before they reach this table. Not tracked: no
-- GraphQL role may read a token; only the actions service uses them, each for its own user.
create table public.webinar_connections (
  user_id integer primary key references public.users (id) on delete cascade,
  access_token_enc text not null,
  refresh_token_enc text,
  expires_at timestamptz,
  connected_at timestamptz not null default now()
);
comment on table public.webinar_connections is 'Webinar provider tokens per user, encrypted; read only by the actions service.';
