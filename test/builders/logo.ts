// A logo as organizers make them (issue 33.2), for benches and screenshots: a wide mark with the
// event's name, drawn as SVG and sent as the PNG an organizer would upload.
import sharp from 'sharp';

export function logoPicture(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300">' +
    '<rect width="1200" height="300" rx="40" fill="#0f172a"/>' +
    '<circle cx="150" cy="150" r="90" fill="#f59e0b"/>' +
    '<text x="290" y="190" font-family="sans-serif" font-size="120" font-weight="700" ' +
    'fill="#f8fafc">Recife Dev</text></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}
