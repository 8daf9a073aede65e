/**
 * File answers (a success with `Content-Disposition: attachment`, ADR 0007): the base query hands the file to the
 * browser to save under the server's name and resolves with `SavedFile`, so no Blob enters the store. An `inline`
 * file (the recording player's `play=true`, ADR 0089) resolves with `ShownFile`: an object URL the screen plays and
 * revokes when it is done with it. Any other answer is read as JSON, as fetchBaseQuery does by default.
 */
export interface SavedFile {
  fileName: string;
  size: number;
}

export interface ShownFile extends SavedFile {
  /** `blob:` URL of the bytes; whoever shows it revokes it (URL.revokeObjectURL) when it leaves the screen. */
  url: string;
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` if present, else `filename`. */
export function fileNameOf(disposition: string): string | null {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition) ?? /filename=([^;]+)/i.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function readAnswer(response: Response): Promise<unknown> {
  const disposition = response.headers.get('content-disposition');
  if (response.ok && disposition?.toLowerCase().startsWith('attachment')) {
    const blob = await response.blob();
    const fileName = fileNameOf(disposition) ?? 'download';
    saveBlob(blob, fileName);
    return { fileName, size: blob.size } satisfies SavedFile;
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (response.ok && disposition?.toLowerCase().startsWith('inline') && !contentType.includes('json')) {
    const blob = await response.blob();
    const fileName = fileNameOf(disposition) ?? 'file';
    return { fileName, size: blob.size, url: URL.createObjectURL(blob) } satisfies ShownFile;
  }
  const text = await response.text();
  return text.length ? (JSON.parse(text) as unknown) : null;
}
