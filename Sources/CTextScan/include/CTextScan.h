// The sanitizer's scan for the end of plain text, sixteen bytes at a time with SSE2 (every x86-64 processor has
// it). Swift's SIMD types did not become vector instructions here (the scan ran 2.4 times slower than eight bytes
// at a time in a word), so this is C, inlined into its Swift caller. Other architectures use the Swift word scan.
#ifndef FEEDSTREAM_CTEXTSCAN_H
#define FEEDSTREAM_CTEXTSCAN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/// One bit per byte of the sixteen at `bytes` that ends plain text: below 0x20, `<`, `>`, `&`, 0xEF (the lead
/// byte of U+FFFE and U+FFFF), or `also`.
static inline __attribute__((always_inline)) unsigned fs_text_stops16(const uint8_t *bytes, __m128i also) {
    __m128i block = _mm_loadu_si128((const __m128i *)bytes);
    // `block <= 0x1F` unsigned: SSE2 compares bytes as signed only.
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(block, _mm_set1_epi8(0x1F)), block);
    // `<` (0x3C) and `>` (0x3E) by one compare: setting bit 1 makes both 0x3E and no other byte.
    __m128i angle = _mm_cmpeq_epi8(_mm_or_si128(block, _mm_set1_epi8(0x02)), _mm_set1_epi8(0x3E));
    __m128i ampersand = _mm_cmpeq_epi8(block, _mm_set1_epi8(0x26));
    __m128i lead = _mm_cmpeq_epi8(block, _mm_set1_epi8((char)0xEF));
    __m128i extra = _mm_cmpeq_epi8(block, also);
    __m128i stops = _mm_or_si128(_mm_or_si128(control, angle), _mm_or_si128(_mm_or_si128(ampersand, lead), extra));
    return (unsigned)_mm_movemask_epi8(stops);
}

/// How many bytes from `bytes` (of `count`) are plain text before the first that ends it: below 0x20, `<`, `>`,
/// `&`, 0xEF, or `also` (`"` inside an attribute value; a byte that already ends text, such as `<`, otherwise).
/// `count` when none does.
static inline __attribute__((always_inline)) size_t fs_plain_text_length(
    const uint8_t *bytes, size_t count, uint8_t also
) {
    if (count < 16) {
        for (size_t position = 0; position < count; position++) {
            uint8_t byte = bytes[position];
            if (byte < 0x20 || byte == '<' || byte == '>' || byte == '&' || byte == 0xEF || byte == also) {
                return position;
            }
        }
        return count;
    }
    __m128i alsoVector = _mm_set1_epi8((char)also);
    size_t position = 0;
    for (; position + 16 <= count; position += 16) {
        unsigned stops = fs_text_stops16(bytes + position, alsoVector);
        if (stops != 0) return position + (size_t)__builtin_ctz(stops);
    }
    if (position == count) return count;
    // The last sixteen bytes, overlapping those already seen, whose bits are shifted out.
    size_t last = count - 16;
    unsigned stops = fs_text_stops16(bytes + last, alsoVector) >> (position - last);
    return stops != 0 ? position + (size_t)__builtin_ctz(stops) : count;
}
#endif

#endif
