// Facts about the lab used across pages.
export const SITE_NAME = 'Dublin Makerspace';
export const SITE_TAGLINE = 'Free prototyping for young deep-tech founders. No equity taken.';
export const COPYRIGHT_YEAR = 2025; // docs/product.md §9
export const DEFAULT_KEYWORDS = [
  'Dublin makerspace',
  'deep tech',
  'hardware startup',
  'prototyping',
  '3D printing',
  'CNC',
  'wetlab',
  'founders',
];
export const ADDRESS = ['Unit 4, Grand Canal Works', 'Dublin 2, D02 XY12', 'Ireland'];
