  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
A  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
-  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
`  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
k  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
`  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
:  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
k  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
P  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
w  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
w  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
k  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
9  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
9  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
w  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
z  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
R  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
E  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
A  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
D  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
M  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
E  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
{  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
F  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
S  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
}  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
:  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
_  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
{  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
}  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
w  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
w  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
=  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
>  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
{  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
=  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
F  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
S  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
P  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
[  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
-  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
-  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
-  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
-  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
-  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
]  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
:  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
8  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
:  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
6  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
0  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
_  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
0  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
0  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
0  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
=  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
J  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
S  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
O  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
N  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
\  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
!  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
:  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
:  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
E  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
4  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
M  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
w  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
1  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
2  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
M  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
C  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
w  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
2  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
4  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
8  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
M  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
k  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
g  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
'  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
4  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
M  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
/ {2}// Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
d  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
,  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
w  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
v  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
m  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
b  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
i  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
1  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
2  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
*  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
1  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
0  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
2  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
4  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
*  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
1  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
0  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
2  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
4  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
x  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
c  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
y  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
u  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
f  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
r  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
-  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
p  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
l  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
.  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
t  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
o  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
B  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
L  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
e  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
s  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
T  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
h  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
a  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
n  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
(  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
8  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
*  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
1  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
0  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
2  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
4  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
*  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
   // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
1  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
0  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
2  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
4  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
}  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
)  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
;  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);

  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (3.3 MB more after five lists,
  // 5.4 after eight, measured); copied by the making, about one list's (its frames not collected
  // yet), however many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
