/** The sizing maths against spec 3 §5/§9 and the reference's worked examples (operator-mode §4). */
import { describe, expect, it } from 'vitest';
import {
  GIB,
  PIB,
  TIB,
  calculateDistribution,
  erasureCodeCalc,
  memoryLimitFloor,
  memoryResource,
  parityNumber,
  storageClassLimits,
} from './sizing.js';

describe('calculateDistribution', () => {
  it('spreads the total over servers × drives, flooring each drive', () => {
    expect(calculateDistribution(100 * GIB, 4, 1)).toEqual({
      nodes: 4,
      disks: 1,
      persistentVolumes: 4,
      pvSize: 25 * GIB,
      error: null,
    });
    expect(calculateDistribution(10 * GIB + 3, 4, 2).pvSize).toBe(Math.floor((10 * GIB + 3) / 8));
  });

  it('refuses a pool under 1Gi (and takes exactly 1Gi into the drive check)', () => {
    expect(calculateDistribution(GIB - 1, 4, 1).error).toBe('poolTooSmall');
    expect(calculateDistribution(GIB, 4, 1).error).toBe('diskTooSmall');
  });

  it('refuses drives 0 or less', () => {
    expect(calculateDistribution(100 * GIB, 4, 0).error).toBe('drivesAtLeastOne');
    expect(calculateDistribution(100 * GIB, 4, -1).error).toBe('drivesAtLeastOne');
  });

  it('refuses fewer than 4 servers', () => {
    expect(calculateDistribution(100 * GIB, 3, 1).error).toBe('serversAtLeastFour');
    expect(calculateDistribution(100 * GIB, 4, 1).error).toBeNull();
  });

  it('refuses drives under 1Gi: exactly 1Gi each passes', () => {
    expect(calculateDistribution(4 * GIB, 4, 1).pvSize).toBe(GIB);
    expect(calculateDistribution(4 * GIB - 1, 4, 1).error).toBe('diskTooSmall');
  });

  it('refuses a drive above the 12Ti cap', () => {
    expect(calculateDistribution(48 * TIB, 4, 1).error).toBeNull();
    expect(calculateDistribution(48 * TIB + 4, 4, 1).error).toBe('cannotAllocate');
  });

  it('refuses what is not a number', () => {
    expect(calculateDistribution(Number.NaN, 4, 1).error).toBe('invalidData');
    expect(calculateDistribution(100 * GIB, Number.NaN, 1).error).toBe('invalidData');
  });
});

describe('erasureCodeCalc', () => {
  it('4×4 drives of 1Ti (16Ti): EC:8 8Ti, EC:4 12Ti tolerating 4, EC:2 14Ti', () => {
    const calc = erasureCodeCalc(['EC:8', 'EC:7', 'EC:6', 'EC:5', 'EC:4', 'EC:3', 'EC:2'], 16, TIB, 4);
    expect(calc.rawCapacity).toBe(16 * TIB);
    expect(calc.maxEC).toBe('EC:8');
    expect(calc.defaultEC).toBe('EC:8');
    const byCode = Object.fromEntries(calc.storageFactors.map((f) => [f.erasureCode, f]));
    expect(byCode['EC:8']).toMatchObject({
      storageFactor: 2,
      maxCapacity: 8 * TIB,
      maxFailureTolerations: 8,
    });
    expect(byCode['EC:4']?.storageFactor).toBeCloseTo(4 / 3);
    expect(byCode['EC:4']).toMatchObject({ maxCapacity: 12 * TIB, maxFailureTolerations: 4 });
    expect(byCode['EC:2']).toMatchObject({
      maxCapacity: Math.floor((16 * TIB) / (16 / 14)),
      maxFailureTolerations: 2,
    });
  });

  it('set size is twice the first parity: 4×1 → [EC:2], factor 2', () => {
    const calc = erasureCodeCalc(['EC:2'], 4, 25 * GIB, 4);
    expect(calc.storageFactors).toEqual([
      { erasureCode: 'EC:2', storageFactor: 2, maxCapacity: 50 * GIB, maxFailureTolerations: 2 },
    ]);
  });

  it('defaults to EC:4 only with 8+ volumes, more than 16 nodes and EC:4 offered', () => {
    const offered = ['EC:8', 'EC:7', 'EC:6', 'EC:5', 'EC:4', 'EC:3', 'EC:2'];
    expect(erasureCodeCalc(offered, 17, GIB, 17).defaultEC).toBe('EC:4');
    expect(erasureCodeCalc(offered, 16, GIB, 16).defaultEC).toBe('EC:8');
    expect(erasureCodeCalc(offered, 7, GIB, 17).defaultEC).toBe('EC:8');
    expect(erasureCodeCalc(['EC:3', 'EC:2'], 17, GIB, 17).defaultEC).toBe('EC:3');
  });

  it('an empty parity list has no factors and no default', () => {
    expect(erasureCodeCalc([], 4, GIB, 4)).toEqual({
      storageFactors: [],
      rawCapacity: 4 * GIB,
      defaultEC: '',
      maxEC: '',
    });
  });

  it('reads EC:n', () => {
    expect(parityNumber('EC:4')).toBe(4);
    expect(parityNumber('EC:')).toBeNaN();
    expect(parityNumber('4')).toBeNaN();
  });
});

describe('memory', () => {
  it('floors the limit by capacity: 8Gi from 1Ti, 16Gi from 10Ti, 32Gi from 100Ti, 64Gi from 1Pi', () => {
    expect(memoryLimitFloor(TIB - 1)).toBe(0);
    expect(memoryLimitFloor(TIB)).toBe(8 * GIB);
    expect(memoryLimitFloor(10 * TIB - 1)).toBe(8 * GIB);
    expect(memoryLimitFloor(10 * TIB)).toBe(16 * GIB);
    expect(memoryLimitFloor(100 * TIB)).toBe(32 * GIB);
    expect(memoryLimitFloor(PIB)).toBe(64 * GIB);
  });

  it('requests the typed Gi and limits at least the floor', () => {
    expect(memoryResource(2, 100 * GIB, 8 * GIB)).toEqual({ request: 2 * GIB, limit: 2 * GIB, error: null });
    expect(memoryResource(2, 16 * TIB, 8 * GIB)).toEqual({ request: 2 * GIB, limit: 16 * GIB, error: null });
    expect(memoryResource(40, PIB, 64 * GIB)).toEqual({ request: 40 * GIB, limit: 64 * GIB, error: null });
    expect(memoryResource(70, PIB, 128 * GIB).limit).toBe(70 * GIB);
  });

  it('refuses in order: no memory, too little available, below 2Gi, above the maximum', () => {
    expect(memoryResource(2, GIB, 0).error).toBe('noMemory');
    expect(memoryResource(2, GIB, 2 * GIB - 1).error).toBe('notEnoughMemory');
    expect(memoryResource(1.99, GIB, 8 * GIB).error).toBe('memoryBelowMinimum');
    expect(memoryResource(2, GIB, 2 * GIB).error).toBeNull();
    expect(memoryResource(9, GIB, 8 * GIB).error).toBe('memoryAboveMax');
    expect(memoryResource(8, GIB, 8 * GIB).error).toBeNull();
  });
});

describe('storageClassLimits', () => {
  it('names the class by the element name prefix and frees hard minus used', () => {
    expect(
      storageClassLimits([
        { name: 'standard.storageclass.storage.k8s.io/requests.storage', hard: 10 * GIB, used: 4 * GIB },
        { name: 'fast.storageclass.storage.k8s.io/requests.storage', hard: GIB, used: 2 * GIB },
      ]),
    ).toEqual([
      { storageClass: 'standard', limit: 6 * GIB },
      { storageClass: 'fast', limit: 0 },
    ]);
  });
});
