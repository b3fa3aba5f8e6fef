/** A multipart body of image files (as the app's photo upload sends them): its bytes and its content-type (with the boundary). */
export async function multipart(files: { name: string; bytes: Buffer }[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: 'image/png' }), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}
