import { doughnutData, floorPercentage } from './doughnut-data';
import { EMPTY_SLICE_COLOUR } from './risk-classes';

const slice = (label: string, value: number) => ({ label, value, colour: `#${label}` });

describe('doughnut data', () => {
  test('all-zero slices become the single empty slice', () => {
    expect(doughnutData([slice('a', 0), slice('b', 0)], 'No-Calls')).toEqual({
      labels: ['No-Calls'],
      series: [1],
      colours: [EMPTY_SLICE_COLOUR],
      empty: true,
    });
  });

  test('no slices at all also give the empty slice', () => {
    expect(doughnutData([], 'No-Interviews').labels).toEqual(['No-Interviews']);
  });

  test('one non-zero slice keeps every slice, zeros included, in order and colour', () => {
    expect(doughnutData([slice('a', 0), slice('b', 3)], 'No-Calls')).toEqual({
      labels: ['a', 'b'],
      series: [0, 3],
      colours: ['#a', '#b'],
      empty: false,
    });
  });
});

describe('floor percentage', () => {
  test.each([
    [2, 3, 66],
    [1, 3, 33],
    [199, 200, 99],
    [200, 200, 100],
    [250, 200, 125],
    [0, 200, 0],
    [5, 0, 0],
    [0, 0, 0],
  ])('%i of %i → %i%%', (completed, total, expected) => {
    expect(floorPercentage(completed, total)).toBe(expected);
  });
});
