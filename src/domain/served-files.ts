// How a stored file_collection file is served to the people who rate it: from object storage,
// through a presigned GET whose response headers we choose (the uploader chose the object's own
// Content-Type, and the storage origin may be the web app's neighbour). Images of an allowed type
// are served inline with their own type; everything else (HTML, SVG, scripts, anything unknown)
// as application/octet-stream and `Content-Disposition: attachment`, so no uploaded markup or
// script ever runs in a browser.

/** Image types served inline; SVG is not among them (it can hold script). */
const INLINE_IMAGES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
};
const INLINE_TYPES = new Set(Object.values(INLINE_IMAGES));

export interface ServedFile {
  contentType: string;
  contentDisposition: string;
}

/** The response headers of a file: an allowed image by its declared type or its extension, or an attachment. */
export function servedFile(relPath: string, declaredType: string | undefined): ServedFile {
  const name = relPath.split('/').pop() ?? 'file';
  const declared = (declaredType ?? '').split(';')[0]!.trim().toLowerCase();
  const byExtension = INLINE_IMAGES[/\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''];
  const image = INLINE_TYPES.has(declared) ? declared : byExtension;
  // ASCII only in the quoted filename (no quote or backslash can end it early).
  const disposition = `filename="${name.replace(/[^A-Za-z0-9._-]/g, '_') || 'file'}"`;
  return image
    ? { contentType: image, contentDisposition: `inline; ${disposition}` }
    : { contentType: 'application/octet-stream', contentDisposition: `attachment; ${disposition}` };
}
