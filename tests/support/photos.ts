import sharp from 'sharp';

/** A small PNG of one colour as a data URL: a listing created with it has a photo stored on the server. */
export async function photoDataUrl(background: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
