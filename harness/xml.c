/*
 * xml.c - XML-safe text (xml.h). One escaper for every printer, so a byte
 * that would make one document unreadable is handled the same in all.
 */
#include "xml.h"

#include <string.h>

/* The length of the well-formed UTF-8 sequence at s (2 to 4 bytes), or 0.
 * Overlong forms, surrogates and code points past U+10FFFF are not
 * well-formed (RFC 3629). */
static size_t utf8_length(const unsigned char *s, size_t room)
{
    size_t n;
    unsigned min_second = 0x80, max_second = 0xbf;

    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4;
    else
        return 0;
    if (s[0] == 0xe0)
        min_second = 0xa0;  /* overlong below U+0800 */
    else if (s[0] == 0xed)
        max_second = 0x9f;  /* surrogates */
    else if (s[0] == 0xf0)
        min_second = 0x90;  /* overlong below U+10000 */
    else if (s[0] == 0xf4)
        max_second = 0x8f;  /* beyond U+10FFFF */
    if (n > room || s[1] < min_second || s[1] > max_second)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

void hx_xml_text_n(FILE *out, const char *text, size_t n)
{
    const unsigned char *p = (const unsigned char *)(text ? text : "");
    const unsigned char *end = p + (text ? n : 0);

    while (p < end && *p) {
        size_t len;
        switch (*p) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default:
            if (*p >= 0x80 && (len = utf8_length(p, (size_t)(end - p))) > 0) {
                fwrite(p, 1, len, out);
                p += len;
                continue;
            }
            fputc((*p < 0x20 && *p != '\n' && *p != '\t') || *p >= 0x7f ? '?' : *p, out);
        }
        p++;
    }
}

void hx_xml_text(FILE *out, const char *text)
{
    hx_xml_text_n(out, text, text ? strlen(text) : 0);
}
