import fs from 'node:fs';

// Unit tests use a throwaway DATA_DIR (vitest.config.ts): remove it when the run ends.
export default function setup() {
  return () => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
}
