import { expect, test } from 'vitest';
import { addToHeatMap, emptyHeatMap } from './heat-map';

test('a booking across the clocks going back adds to Sunday 01:00 twice, as it really is', () => {
  // Sun 25 Oct 2026: 00:30 IST (23:30Z Sat) to 02:30 GMT (02:30Z) is 3 h real:
  // 00:30-01:00 = 30, 01:00-02:00 IST = 60 and 01:00-02:00 GMT = 60 → 120 at 01:00, 02:00-02:30 = 30.
  const grid = addToHeatMap(
    emptyHeatMap(),
    Date.parse('2026-10-24T23:30:00Z'),
    Date.parse('2026-10-25T02:30:00Z'),
  );
  expect(grid[6]![0]).toBe(30);
  expect(grid[6]![1]).toBe(120);
  expect(grid[6]![2]).toBe(30);
  expect(grid.flat().reduce((a, b) => a + b, 0)).toBe(180);
});

test('the skipped hour on 29 March gets nothing; a summer booking lands in local hours', () => {
  // Sun 29 Mar 2026: 00:30 GMT (00:30Z) to 02:30 IST (01:30Z) is 1 h real: 30 at 00:00, 30 at 02:00.
  const grid = addToHeatMap(
    emptyHeatMap(),
    Date.parse('2026-03-29T00:30:00Z'),
    Date.parse('2026-03-29T01:30:00Z'),
  );
  expect(grid[6]![0]).toBe(30);
  expect(grid[6]![1]).toBe(0);
  expect(grid[6]![2]).toBe(30);
  // Wed 3 Jun 2026 09:15-10:45 IST (08:15Z-09:45Z): 45 at 09:00, 45 at 10:00.
  const june = addToHeatMap(
    emptyHeatMap(),
    Date.parse('2026-06-03T08:15:00Z'),
    Date.parse('2026-06-03T09:45:00Z'),
  );
  expect(june[2]![9]).toBe(45);
  expect(june[2]![10]).toBe(45);
});
