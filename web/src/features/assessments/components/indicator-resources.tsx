import { Anchor, Group, Stack, Text } from '@mantine/core';
import { FileIcon, LinkIcon } from '../../../components/icons.tsx';
import { useResourceDownload } from '../../../lib/upload/use-resource-download.ts';
import type { TIndicator } from '../model/assessment-view.ts';

/**
 * The indicator's resources (spec 002 §2): a link opens in a new tab, a file downloads. Which
 * resources a user sees is the server's rule (admins all, surveyors for_surveyor, practice
 * managers for_pm).
 */
export function IndicatorResources({ resources }: { resources: TIndicator['indicator_resources'] }) {
  const { download, busy } = useResourceDownload();
  if (resources.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No resources for this indicator.
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {resources.map((resource) => (
        <Group key={resource.id} gap={8} wrap="nowrap" component="li">
          {resource.url ? <LinkIcon size={16} /> : <FileIcon size={16} />}
          {resource.url ? (
            <Anchor href={resource.url} target="_blank" rel="noopener noreferrer" fz="sm">
              {resource.name}
              <Text span fz="xs" c="dimmed">
                {' '}
                (opens in a new tab)
              </Text>
            </Anchor>
          ) : (
            <Anchor
              component="button"
              type="button"
              onClick={() => void download(resource.id)}
              disabled={busy}
              fz="sm"
              aria-label={`Download ${resource.name}`}
            >
              {resource.name}
              {resource.file_type ? (
                <Text span fz="xs" c="dimmed">
                  {' '}
                  ({resource.file_type.toUpperCase()})
                </Text>
              ) : null}
            </Anchor>
          )}
        </Group>
      ))}
    </Stack>
  );
}
