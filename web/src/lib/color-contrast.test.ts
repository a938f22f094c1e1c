import { describe, expect, it } from 'vitest';
import {
  accessiblePalette,
  accessibleShade,
  contrastRatio,
  parseHex,
  relativeLuminance,
  toHex,
} from './color-contrast';

const WHITE = { r: 255, g: 255, b: 255 };
const ratioOnWhite = (hex: string) => contrastRatio(parseHex(hex) ?? { r: -1, g: 0, b: 0 }, WHITE);
const hue = (hex: string) => {
  const { r, g, b } = parseHex(hex) ?? { r: 0, g: 0, b: 0 };
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (!d) return 0;
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
};

describe('contrast maths (WCAG 2.x)', () => {
  it('parses 3, 4, 6 and 8 digit hex and rejects anything else', () => {
    expect(parseHex('#fff')).toEqual(WHITE);
    expect(parseHex('#10B981')).toEqual({ r: 16, g: 185, b: 129 });
    expect(parseHex('#10b981cc')).toEqual({ r: 16, g: 185, b: 129 });
    expect(parseHex('#0f08')).toEqual({ r: 0, g: 255, b: 0 });
    for (const bad of ['', 'red', '10b981', '#12345', '#ggg', 'rgb(1,2,3)', null, undefined]) {
      expect(parseHex(bad)).toBeUndefined();
    }
    expect(toHex({ r: 16, g: 185, b: 129 })).toBe('#10b981');
  });

  it('computes relative luminance and contrast ratios', () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 6);
    expect(relativeLuminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, WHITE)).toBeCloseTo(21, 6);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // The figures axe reported for the spec colours on white.
    expect(ratioOnWhite('#10b981')).toBeCloseTo(2.54, 2);
    expect(ratioOnWhite('#3b82f6')).toBeCloseTo(3.68, 2);
    expect(ratioOnWhite('#8b5cf6')).toBeCloseTo(4.23, 2);
    expect(ratioOnWhite('#2563eb')).toBeCloseTo(5.17, 2);
    // Symmetric.
    expect(contrastRatio(parseHex('#3b82f6') ?? WHITE, WHITE)).toBe(contrastRatio(WHITE, parseHex('#3b82f6') ?? WHITE));
  });
});

describe('accessible shade', () => {
  it.each(['#10b981', '#3b82f6', '#8b5cf6'])('darkens the spec colour %s just enough, keeping its hue', (color) => {
    const shade = accessibleShade(color);
    expect(shade).not.toBe(color);
    expect(ratioOnWhite(shade)).toBeGreaterThanOrEqual(4.5);
    // Just enough: not far past the threshold.
    expect(ratioOnWhite(shade)).toBeLessThan(4.7);
    expect(Math.abs(hue(shade) - hue(color))).toBeLessThan(3);
  });

  it('keeps a colour that already contrasts (the default #2563eb)', () => {
    expect(accessibleShade('#2563eb')).toBe('#2563eb');
    expect(accessibleShade('#000')).toBe('#000000');
  });

  it('makes a very light colour readable (#ffff00, white)', () => {
    const yellow = accessibleShade('#ffff00');
    expect(ratioOnWhite(yellow)).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(hue(yellow) - 60)).toBeLessThan(3);
    expect(ratioOnWhite(accessibleShade('#ffffff'))).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to the default #2563eb for an invalid colour', () => {
    for (const bad of ['', 'not-a-colour', 'red', '#12', null, undefined]) {
      expect(accessibleShade(bad)).toBe('#2563eb');
    }
  });

  it('lightens on a dark background and honours another ratio', () => {
    const onNavy = accessibleShade('#1e3a8a', { background: '#0f172a' });
    expect(contrastRatio(parseHex(onNavy) ?? WHITE, parseHex('#0f172a') ?? WHITE)).toBeGreaterThanOrEqual(4.5);
    const large = accessibleShade('#10b981', { minRatio: 3 });
    expect(ratioOnWhite(large)).toBeGreaterThanOrEqual(3);
    expect(ratioOnWhite(large)).toBeLessThan(4.5);
  });
});

describe('accessible palette', () => {
  it('keeps the colour as the accent and gives an ink that reads on white and under white text', () => {
    expect(accessiblePalette('#10b981')).toEqual({ accent: '#10b981', ink: accessibleShade('#10b981') });
    const { ink } = accessiblePalette('#3b82f6');
    expect(contrastRatio(WHITE, parseHex(ink) ?? WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the default #2563eb for both when the colour is invalid', () => {
    expect(accessiblePalette('javascript:alert(1)')).toEqual({ accent: '#2563eb', ink: '#2563eb' });
    expect(accessiblePalette(undefined)).toEqual({ accent: '#2563eb', ink: '#2563eb' });
  });
});
