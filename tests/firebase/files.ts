import { dataDir } from '../support/servers';

/** Where the detached firebase server's process id and output go (next to its DATA_DIR). */
export const FIREBASE_PID_FILE = `${dataDir('firebase')}.pid`;
export const FIREBASE_LOG = `${dataDir('firebase')}.log`;
