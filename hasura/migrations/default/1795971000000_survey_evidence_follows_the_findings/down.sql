drop function public.document_can_read(public.documents, json);
