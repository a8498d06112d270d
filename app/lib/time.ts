/** Current time as the ISO text the database stores. */
export const nowIso = () => new Date().toISOString();
