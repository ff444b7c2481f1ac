/*
 * xml.h - text for XML and HTML documents (JUnit reports, SVG boards, HTML
 * reports), from text that may come from an engine and so is not trusted.
 */
#ifndef HEXREF_HARNESS_XML_H
#define HEXREF_HARNESS_XML_H

#include <stddef.h>
#include <stdio.h>

/* Writes text (NULL: nothing) as XML 1.0 character data, fit for element
 * content and for quoted attribute values: &, <, >, " and ' as entities;
 * newline and tab kept; other control characters, which XML cannot carry,
 * and bytes that are not well-formed UTF-8 written as '?'. */
void hx_xml_text(FILE *out, const char *text);
/* The same for the first n bytes of text (a sequence cut at n is '?'). */
void hx_xml_text_n(FILE *out, const char *text, size_t n);

#endif
