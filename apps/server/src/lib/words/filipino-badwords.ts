// Filipino profanity word list, copied on 2026-11-25 from the npm package filipino-badwords-list
// 1.1.2 (lib/array.js, 97 entries, unchanged; https://github.com/jromest/filipino-badwords-list),
// which had one release and few users. Words we allow or add are in
// features/predictive/custom-category.ts, not here. The package is MIT-licensed; its licence:
//
//   MIT License
//
//   Copyright (c) 2018 Jerome Estiller
//
//   Permission is hereby granted, free of charge, to any person obtaining a copy
//   of this software and associated documentation files (the "Software"), to deal
//   in the Software without restriction, including without limitation the rights
//   to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
//   copies of the Software, and to permit persons to whom the Software is
//   furnished to do so, subject to the following conditions:
//
//   The above copyright notice and this permission notice shall be included in all
//   copies or substantial portions of the Software.
//
//   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
//   IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
//   FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
//   AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
//   LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
//   OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
//   SOFTWARE.

/** The package's word list, in its order (lower case; a few are two words). */
export const FILIPINO_BADWORDS: readonly string[] = [
  'amputa',
  'animal ka',
  'bilat',
  'binibrocha',
  'bobo',
  'bogo',
  'boto',
  'brocha',
  'burat',
  'bwesit',
  'bwisit',
  'demonyo ka',
  'engot',
  'etits',
  'gaga',
  'gagi',
  'gago',
  'habal',
  'hayop ka',
  'hayup',
  'hinampak',
  'hinayupak',
  'hindot',
  'hindutan',
  'hudas',
  'iniyot',
  'inutel',
  'inutil',
  'iyot',
  'kagaguhan',
  'kagang',
  'kantot',
  'kantotan',
  'kantut',
  'kantutan',
  'kaululan',
  'kayat',
  'kiki',
  'kikinginamo',
  'kingina',
  'kupal',
  'leche',
  'leching',
  'lechugas',
  'lintik',
  'nakakaburat',
  'nimal',
  'ogag',
  'olok',
  'pakingshet',
  'pakshet',
  'pakyu',
  'pesteng yawa',
  'poke',
  'poki',
  'pokpok',
  'poyet',
  "pu'keng",
  'pucha',
  'puchanggala',
  'puchangina',
  'puke',
  'puki',
  'pukinangina',
  'puking',
  'punyeta',
  'puta',
  'putang',
  'putang ina',
  'putangina',
  'putanginamo',
  'putaragis',
  'putragis',
  'puyet',
  'ratbu',
  'shunga',
  'sira ulo',
  'siraulo',
  'suso',
  'susu',
  'tae',
  'taena',
  'tamod',
  'tanga',
  'tangina',
  'taragis',
  'tarantado',
  'tete',
  'teti',
  'timang',
  'tinil',
  'tite',
  'titi',
  'tungaw',
  'ulol',
  'ulul',
  'ungas',
];
