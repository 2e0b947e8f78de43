/** A multipart/form-data body built the way a browser builds it (Node's FormData), for app.inject. */
import sharp from 'sharp';

export async function multipartBody(files: { field: string; data: Buffer; name: string; type?: string }[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([f.data], { type: f.type ?? 'image/png' }), f.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A real PNG or JPEG picture (a colour gradient), `width` × `height`. */
export async function pictureFile(format: 'png' | 'jpeg' | 'webp' = 'png', width = 64, height = 48, hue = 0) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 4 + hue) % 256;
      pixels[i + 1] = (y * 5 + hue) % 256;
      pixels[i + 2] = (x + y + hue * 2) % 256;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
