/**
 * Short-lived download links of a board's files (GET /api/file/get, or a public link's
 * /api/public/{token}/file/{id}): opened in a new tab, and shown in an <img> as a thumbnail in the task
 * modal or as a card's cover. A link lasts five minutes; pictures keep theirs for four, so every card
 * showing one file's cover asks for its link once.
 */
import { useEffect, useState } from 'react';
import { apiClient } from 'shared-ui';
import { publicApi, usePublicToken } from './public-board';

/** How long a fetched link is reused: less than the API's five minutes. */
const REUSE_MS = 4 * 60_000;

const links = new Map<string, { url: Promise<string>; until: number }>();

/** A short-lived download link of one file (through the public link `publicToken` when given). */
export function getFileLink(id: number, publicToken: string | null = null) {
  return publicToken
    ? apiClient.get<{ url: string }>(`${publicApi(publicToken)}/file/${id}`)
    : apiClient.get<{ url: string }>('/api/file/get', { query: { id } });
}

/** The file's link for a picture: one request per file while its link is fresh (a failure is forgotten). */
function pictureLink(id: number, publicToken: string | null): Promise<string> {
  const key = `${publicToken ?? ''}:${id}`;
  const cached = links.get(key);
  if (cached && cached.until > Date.now()) return cached.url;
  const url = getFileLink(id, publicToken).then((answer) => answer.url);
  links.set(key, { url, until: Date.now() + REUSE_MS });
  url.catch(() => links.delete(key));
  return url;
}

/** The picture's address for `<img src>`, or null while it is asked for, or when it cannot be had. */
export function usePictureLink(fileId: number | null | undefined): string | null {
  const publicToken = usePublicToken();
  const [link, setLink] = useState<{ id: number; url: string } | null>(null);
  useEffect(() => {
    if (!fileId) return;
    let live = true;
    pictureLink(fileId, publicToken).then(
      (url) => live && setLink({ id: fileId, url }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [fileId, publicToken]);
  return link && link.id === fileId ? link.url : null;
}
