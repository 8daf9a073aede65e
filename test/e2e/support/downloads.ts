import { browser } from '@wdio/globals';

/**
 * Records the files the console hands the browser to save (name and bytes as base64), instead of saving them. The
 * blob itself is kept as the console makes its URL: the page's CSP lets no fetch read a blob: URL.
 */
export async function catchDownloads(): Promise<void> {
  await browser.execute(() => {
    const saved: { name: string; base64: Promise<string> }[] = [];
    (window as unknown as { savedFiles: typeof saved }).savedFiles = saved;
    const blobs = new Map<string, Blob>();
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = createObjectURL(blob);
      if (blob instanceof Blob) blobs.set(url, blob);
      return url;
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (this.download && blob)
        saved.push({
          name: this.download,
          base64: blob.arrayBuffer().then((buffer) => {
            let binary = '';
            new Uint8Array(buffer).forEach((byte) => (binary += String.fromCharCode(byte)));
            return btoa(binary);
          }),
        });
    };
  });
}

/** The files saved since catchDownloads, with their bytes. */
export async function savedFiles(): Promise<{ name: string; bytes: Buffer }[]> {
  const files = (await browser.execute(async () => {
    const saved = (window as unknown as { savedFiles: { name: string; base64: Promise<string> }[] }).savedFiles;
    return Promise.all(saved.map(async (file) => ({ name: file.name, base64: await file.base64 })));
  })) as unknown as { name: string; base64: string }[];
  return files.map((f) => ({ name: f.name, bytes: Buffer.from(f.base64, 'base64') }));
}
