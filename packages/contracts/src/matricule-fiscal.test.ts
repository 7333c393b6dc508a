import { describe, expect, it } from 'vitest';
import { isMatriculeFiscal, normalizeMatriculeFiscal } from './matricule-fiscal.js';
import { createProfileSchemas } from './profile.js';

describe('matricule fiscal (Tunisian tax registration number)', () => {
  it.each([
    ['1234567A/A/M/000', '1234567A/A/M/000'],
    ['1234567AAM000', '1234567A/A/M/000'],
    ['1234567/A/A/M/000', '1234567A/A/M/000'],
    ['1234567a/p/c/000', '1234567A/P/C/000'],
    [' 1234567 B / B / P / 000 ', '1234567B/B/P/000'],
    ['1234567Z-D-N-000', '1234567Z/D/N/000'],
    ['7654321K/N/E/001', '7654321K/N/E/001'],
    ['7654321KNE012', '7654321K/N/E/012'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(normalizeMatriculeFiscal(input)).toBe(normalized);
    expect(isMatriculeFiscal(input)).toBe(true);
  });

  it.each([
    ['123456A/A/M/000', '6 digits'],
    ['12345678A/A/M/000', '8 digits'],
    ['1234567I/A/M/000', 'control letter I'],
    ['1234567O/A/M/000', 'control letter O'],
    ['1234567U/A/M/000', 'control letter U'],
    ['12345678/A/M/000', 'a digit for the control letter'],
    ['1234567A/X/M/000', 'VAT code X'],
    ['1234567A/M/A/000', 'VAT code and category swapped'],
    ['1234567A/A/X/000', 'category X'],
    ['1234567A/A/M/001', 'a secondary establishment not of category E'],
    ['1234567A/A/M/00', '2-digit establishment'],
    ['1234567A/A/M/0000', '4-digit establishment'],
    ['1234567A/M/000', 'a letter missing'],
    ['', 'empty'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeMatriculeFiscal(input)).toBeNull();
    expect(isMatriculeFiscal(input)).toBe(false);
  });

  it('is checked on the legal tab, with a translatable message, and stored normalized', () => {
    const schemas = createProfileSchemas((key) => `t:${key}`);
    const legal = {
      campany_name: 'Brand SARL',
      tax_registration_number: '1234567aam000',
      domiciliation_address: 'Les Berges du Lac',
      phone_campany: '71000000',
      phone_campany_prefix: '+216',
    };
    expect(schemas.advertiserLegal.parse(legal).tax_registration_number).toBe('1234567A/A/M/000');
    const refused = schemas.advertiserLegal.safeParse({
      ...legal,
      tax_registration_number: '1234567/A/M/000',
    });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['tax_registration_number'], message: 't:matriculeFiscal' }),
    ]);
    const english = createProfileSchemas().updateMeAdvertiserBody.safeParse({
      ...legal,
      tax_registration_number: 'ABC',
    });
    expect(english.error?.issues[0]?.message).toMatch(/not a Tunisian matricule fiscal/);
  });
});
