/*
 * xml.c - XML-safe text (xml.h). One escaper for every printer, so a byte
 * that would make one document unreadable is handled the same in all.
 */
#include "xml.h"

#include <string.h>

#include "strutil.h"


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
            if (*p >= 0x80 && (len = hx_utf8_length(p, (size_t)(end - p))) > 0) {
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
