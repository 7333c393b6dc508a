import { Avatar, type AvatarProps } from '@mantine/core';
import { usePrivateMediaUrlQuery } from '../lib/private-media';

/**
 * A person's picture from its file id (answers that carry `profile_file_id` rather than a
 * URL, as the opportunities' do): its read URL comes from GET /v2/media/private-url, which
 * serves a public picture to anybody. Their initials while it loads, or without a picture.
 * Decorative: the name is always written beside it.
 */
export function FileAvatar({
  fileId,
  name,
  ...props
}: { fileId: number | null; name: string } & Omit<AvatarProps, 'src' | 'name' | 'alt'>) {
  const url = usePrivateMediaUrlQuery(fileId, 'thumb').data?.url;
  return (
    <Avatar src={url} alt="" name={name} color="initials" radius="xl" aria-hidden {...props} />
  );
}
