-- A renamed document keeps the name rules of an upload (issue 28): through GraphQL a practice
-- manager or the back office could rename a document to any extension (policy.pdf to
-- policy.html), so that a file checked as one type is listed, zipped and served under another.
-- Every change of documents.name, by any role and any connection, now goes through
-- documents_name_guard, the twin of the domain's checkDocumentRename (packages/domain
-- documents/check-upload.ts), with its words (DOCUMENT_MESSAGES; the spec has none for these):
-- the name is trimmed as an upload's is (JavaScript's String.prototype.trim: its white space and
-- line terminators), must not be empty nor longer than 255 characters, and keeps the current
-- name's extension (compared in lower case, as fileExtension gives it). One line, as an upload's
-- name: documents_name_control_characters (refuse_control_characters_in_texts).
--
-- A trigger, not a CHECK: the rule compares the new name with the old one. Inserts are the upload
-- action's, which checks the same rules (checkUpload) before it writes.

create function public.trim_white_space(t text) returns text language sql immutable strict as $$
  select regexp_replace(t,
    '^[\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+|[\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+$',
    '', 'g')
$$;
comment on function public.trim_white_space(text) is
  'The text without leading and trailing white space, as JavaScript''s String.prototype.trim.';

create function public.file_extension(file_name text) returns text language sql immutable strict as $$
  select coalesce(lower(substring(file_name from '^.+\.([^.]+)$')), '')
$$;
comment on function public.file_extension(text) is
  'The extension of a file name, lower case without the dot, '''' when there is none (domain fileExtension).';

create function public.documents_name_guard() returns trigger language plpgsql as $$
declare
  new_name text := public.trim_white_space(new.name);
  extension text := public.file_extension(old.name);
begin
  if new_name = '' then
    raise exception using errcode = 'check_violation', message = 'A document needs a name';
  end if;
  if length(new_name) > 255 then
    raise exception using errcode = 'check_violation',
      message = 'The file name is too long (at most 255 characters)';
  end if;
  if public.file_extension(new_name) <> extension then
    raise exception using errcode = 'check_violation',
      message = case when extension = '' then 'A document keeps its file type: its name cannot take an extension'
                     else 'A document keeps its file type: its name must end in .' || extension end;
  end if;
  new.name := new_name;
  return new;
end
$$;
comment on function public.documents_name_guard() is
  'Trigger: a renamed document keeps the upload''s name rules and its extension (domain checkDocumentRename).';
create trigger documents_name_guard before update of name on public.documents
  for each row when (new.name is distinct from old.name) execute function public.documents_name_guard();
