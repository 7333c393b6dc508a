import { describe, expect, it } from 'vitest';
import { dialectWordsIn } from './arabic-register.js';

describe('Arabic register', () => {
  it('finds Tunisian dialect words and negations, with or without their marks', () => {
    expect(dialectWordsIn('كود البرومو هذا ما عادش صالح!')).toEqual(['كود', 'البرومو', 'عادش']);
    expect(dialectWordsIn('الفيديو متاعك تبعث.')).toEqual(['متاعك', 'تبعث']);
    expect(dialectWordsIn('الإرسال ما نجحش.')).toEqual(['ما نجحش']);
    expect(dialectWordsIn('عاود جرّب بعد شويّة')).toEqual(['عاود', 'شوية']);
  });

  it('accepts Modern Standard Arabic, whatever the words around the dialect ones contain', () => {
    expect(dialectWordsIn('رمز التخفيض هذا لم يعد صالحًا!')).toEqual([]);
    expect(dialectWordsIn('أُرسل الفيديو الخاص بك مباشرةً. يراجعه المعلن الآن.')).toEqual([]);
    expect(dialectWordsIn('ما الذي لا يصلح في المنشور؟ ابحث وصفِّ، ثم تفتيش')).toEqual([]);
  });
});
