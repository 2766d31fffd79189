drop function public.indicator_resource_can_read(public.indicator_resources, json);
