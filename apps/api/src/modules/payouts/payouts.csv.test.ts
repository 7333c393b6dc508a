import { describe, expect, it } from 'vitest';
import { bankCsv, csvCell, toTnd } from './payouts.csv.js';

describe('payout batch files', () => {
  it('writes amounts in TND with three decimals, from whole millimes', () => {
    expect(toTnd(1_234_500)).toBe('1234.500');
    expect(toTnd(40_250)).toBe('40.250');
    expect(toTnd(5)).toBe('0.005');
    expect(toTnd(100_000)).toBe('100.000');
  });

  it('never lets a cell start a formula, and quotes what needs it', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+216 20 000 000')).toBe("'+216 20 000 000");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTab')).toBe("'\tTab");
    expect(csvCell('Ben Ali, "Jr"')).toBe('"Ben Ali, ""Jr"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Amira Ben Salah')).toBe('Amira Ben Salah');
  });

  it('has a header and one CRLF line per transfer', () => {
    const csv = bankCsv([
      {
        payoutId: 7,
        name: 'Amira',
        accountNumber: '08006000123456789079',
        email: 'a@b.tn',
        amount: 1_000,
      },
    ]);
    expect(csv).toBe(
      'beneficiary_name,rib,amount_tnd,label\r\nAmira,08006000123456789079,1.000,Clipmarket payout 7\r\n',
    );
  });
});
