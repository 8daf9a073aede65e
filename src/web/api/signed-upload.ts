/**
 * Sends a file to a short-lived upload URL the server handed out (createProjectAssetUploadUrl: a presigned S3
 * URL, or this server's signed /api/storage/upload), docs/product/project-team-and-files.md#mobile-app. The one
 * request the console makes outside the generated endpoints: the URL is the credential, so it carries no session
 * headers. Throws when the upload is not accepted.
 */
export async function putToSignedUrl(url: string, file: Blob, contentType: string): Promise<void> {
  const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: file });
  if (!response.ok) throw new Error(`Upload refused with status ${response.status}`);
}
