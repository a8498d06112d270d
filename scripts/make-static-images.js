// Regenerates the static images in public/ (committed): the default member banner (also the
// landing hero, with a narrow crop for phones), the sharing image and the project placeholder.
// Shapes only, no text, so any machine renders them the same.
import sharp from 'sharp';
import fs from 'node:fs';

function blueprint(width, height, accent) {
  const grid = [];
  for (let x = 0; x <= width; x += 40)
    grid.push(`<path d="M${x} 0V${height}" stroke="#ffffff" stroke-opacity="${x % 200 ? 0.05 : 0.12}"/>`);
  for (let y = 0; y <= height; y += 40)
    grid.push(`<path d="M0 ${y}H${width}" stroke="#ffffff" stroke-opacity="${y % 200 ? 0.05 : 0.12}"/>`);
  const gears = [];
  for (let i = 0; i < 7; i++) {
    const cx = ((i * 263) % width) + 60;
    const cy = ((i * 137) % height) + 30;
    const r = 30 + ((i * 47) % 70);
    gears.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${accent}" stroke-opacity="0.35" stroke-width="3" stroke-dasharray="10 6"/>`,
    );
    gears.push(
      `<circle cx="${cx}" cy="${cy}" r="${r / 3}" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#16181d"/><stop offset="1" stop-color="#1e3a5f"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${grid.join('')}${gears.join('')}
  <path d="M0 ${height * 0.8} C ${width * 0.3} ${height * 0.5}, ${width * 0.6} ${height}, ${width} ${height * 0.6}" stroke="${accent}" stroke-width="4" fill="none" stroke-opacity="0.8"/>
</svg>`;
}

const header = Buffer.from(blueprint(1920, 480, '#f97316'));
await sharp(header).jpeg({ quality: 78, mozjpeg: true }).toFile('public/lab-header.jpg');
// The landing hero on a phone shows only the middle of the header: a quarter of the bytes.
await sharp(header)
  .extract({ left: 680, top: 0, width: 560, height: 480 })
  .jpeg({ quality: 78, mozjpeg: true })
  .toFile('public/lab-header-narrow.jpg');
await sharp(Buffer.from(blueprint(1200, 630, '#f97316')))
  .jpeg({ quality: 80, mozjpeg: true })
  .toFile('public/og-image.jpg');
fs.writeFileSync(
  'public/project-placeholder.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 300" preserveAspectRatio="xMidYMid slice"><rect width="1200" height="300" fill="#e7e5e4"/><g fill="none" stroke="#a8a29e" stroke-width="6"><circle cx="600" cy="150" r="60"/><path d="M600 60v-20M600 260v-20M510 150h-20M710 150h-20M536 86l-14-14M678 228l-14-14M536 214l-14 14M678 72l-14 14"/></g></svg>\n`,
);
fs.writeFileSync(
  'public/favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="7" fill="#c2410c"/><path d="M9 22V10l7 7 7-7v12" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></svg>\n`,
);
console.log('static images written');
