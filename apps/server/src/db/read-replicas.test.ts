import { describe, expect, it } from 'vitest';
import { parseLsn, requiredPosition } from './read-replicas.ts';

describe('parseLsn', () => {
  it('reads a WAL position as one number, high part first', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
  });

  it('answers null for no position (a primary asked for its replay position) or anything else', () => {
    expect(parseLsn(null)).toBeNull();
    expect(parseLsn(undefined)).toBeNull();
    expect(parseLsn('')).toBeNull();
    expect(parseLsn('16-B374D848')).toBeNull();
  });
});

describe('requiredPosition', () => {
  const samples = [
    { at: 1_000, lsn: 100n },
    { at: 2_000, lsn: 200n },
    { at: 3_000, lsn: 300n },
  ];

  it('asks for what the primary had written the lag bound ago', () => {
    expect(requiredPosition(samples, 0n, 4_500, 2_000)).toBe(200n);
    expect(requiredPosition(samples, 0n, 10_000, 2_000)).toBe(300n);
  });

  it('asks for the last catalog change when it is further on', () => {
    expect(requiredPosition(samples, 250n, 4_500, 2_000)).toBe(250n);
  });

  it('asks for nothing older than the catalog change while no sample is old enough', () => {
    expect(requiredPosition(samples, 50n, 1_500, 2_000)).toBe(50n);
  });
});
