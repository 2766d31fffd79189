import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_ACCEPT_ATTRIBUTE, AVATAR_MAX_BYTES, checkAvatar } from '@portal/domain';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAuth, useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';

/** Why an image cannot be an avatar, or null when it can (the server's rule, `checkAvatar`). */
export async function avatarProblem(file: Blob): Promise<string | null> {
  const check = checkAvatar(file.size, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  return check.ok ? null : check.message;
}

/** Picture of the signed-in user: choose, preview, upload. */
export function AvatarUpload() {
  const user = useCurrentUser();
  const { reloadUser } = useAuth();
  const { api } = useServices();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = async (chosen: File | null) => {
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    const reason = await avatarProblem(chosen);
    if (reason) setProblem(reason);
    else setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      await api.uploadAvatar(user.id, file);
      await reloadUser();
      setFile(null);
      notifySuccess('Your picture has been updated.');
    } catch (error) {
      notifyError(PortalError.from(error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <UserAvatar name={user.name} src={preview ?? user.avatarUrl} size={88} radius={88} />
      <Stack gap={6}>
        <Text fw={600}>Profile picture</Text>
        <Text fz="sm" c="dimmed">
          JPEG, PNG or GIF, up to {AVATAR_MAX_BYTES / 1024 / 1024} MB.
        </Text>
        <Group gap="xs">
          <FileButton onChange={choose} accept={AVATAR_ACCEPT_ATTRIBUTE}>
            {(props) => (
              <Button variant="default" size="xs" {...props}>
                {user.avatarUrl || preview ? 'Choose another picture' : 'Choose a picture'}
              </Button>
            )}
          </FileButton>
          {file ? (
            <>
              <Button size="xs" onClick={upload} loading={uploading}>
                Upload
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={() => setFile(null)}
                disabled={uploading}
              >
                Cancel
              </Button>
            </>
          ) : null}
        </Group>
        {problem ? (
          <Text fz="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
