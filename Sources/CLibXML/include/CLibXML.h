#ifndef CLIBXML_CLIBXML_H
#define CLIBXML_CLIBXML_H
// libxml2's push parser, opened with dlopen when a GPX or KML file is read and never linked: a run that reads
// none (most, `--version` included) maps neither libxml2 nor the ICU it needs. Its SAX events are queued here
// and pulled one at a time, so that Swift sees neither a libxml2 type nor a callback. No libxml2 header is
// included here: only CLibXML.c needs them.
#include <stddef.h>

typedef struct rt_xml_library rt_xml_library;
typedef struct rt_xml_reader rt_xml_reader;

// Opens `soname` and finds the functions used, or NULL with why in `error` (`capacity` bytes, NUL-terminated).
// Never closed. Call it once per process (libxml2's initialisation is not thread-safe): the caller keeps it.
rt_xml_library *rt_xml_library_open(const char *soname, char *error, size_t capacity);

typedef enum { RT_XML_START = 1, RT_XML_END = 2, RT_XML_TEXT = 3 } rt_xml_kind;

typedef struct {
    const char *name;
    size_t name_length;
    const char *value;
    size_t value_length;
} rt_xml_attribute;

typedef struct {
    rt_xml_kind kind;
    // START and END: the element's qualified name ("gx:Track").
    const char *name;
    size_t name_length;
    // TEXT: character data and CDATA, consecutive pieces joined.
    const char *text;
    size_t text_length;
    // START: its namespace declarations (as `xmlns` and `xmlns:prefix` attributes), then its attributes.
    const rt_xml_attribute *attributes;
    size_t attribute_count;
} rt_xml_event;

typedef enum { RT_XML_FAILED = -1, RT_XML_DONE = 0, RT_XML_EVENT = 1 } rt_xml_status;

// A reader of the `length` bytes at `bytes`, which stay valid and unchanged until it is freed; NULL when out
// of memory. No network, no DTD, no entity substitution, libxml2's default limits (no XML_PARSE_HUGE).
rt_xml_reader *rt_xml_reader_new(const rt_xml_library *library, const void *bytes, size_t length);

// The next event in `event` (its pointers valid until the next call), the end of a document that parsed
// (DONE), or FAILED once the events before the error are all taken.
rt_xml_status rt_xml_reader_next(rt_xml_reader *reader, rt_xml_event *event);

// After FAILED: libxml2's words for its first error (never NULL), and where it was (0 when unknown).
const char *rt_xml_reader_error(const rt_xml_reader *reader, int *line, int *column);

void rt_xml_reader_free(rt_xml_reader *reader);
#endif
