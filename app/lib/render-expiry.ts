// A public page that shows time passing (a resource's week: which slots are past, which day is
// today) says until when it is true; the render cache (server/render-cache.ts) serves it no longer
// than that, and takes the header off before answering.
export const RENDER_EXPIRES = 'X-Render-Expires';

export const renderExpires = (until: Date) => ({ [RENDER_EXPIRES]: until.toUTCString() });
