#include "CLibXML.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>

// The libxml2 functions used, found with dlsym: the headers give their types, nothing is linked.
struct rt_xml_library {
    __typeof__(xmlCreatePushParserCtxt) *create_push_parser;
    __typeof__(xmlCtxtUseOptions) *use_options;
    __typeof__(xmlParseChunk) *parse_chunk;
    __typeof__(xmlStopParser) *stop_parser;
    __typeof__(xmlFreeParserCtxt) *free_parser;
};

rt_xml_library *rt_xml_library_open(const char *soname, char *error, size_t capacity) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, capacity, "%s", dlerror());
        return NULL;
    }
    rt_xml_library *library = calloc(1, sizeof *library);
    if (library == NULL) {
        snprintf(error, capacity, "out of memory");
        return NULL;
    }
    const char *missing = NULL;
#define RT_FIND(field, symbol) \
    if ((library->field = (__typeof__(symbol) *)dlsym(handle, #symbol)) == NULL && missing == NULL) missing = #symbol
    RT_FIND(create_push_parser, xmlCreatePushParserCtxt);
    RT_FIND(use_options, xmlCtxtUseOptions);
    RT_FIND(parse_chunk, xmlParseChunk);
    RT_FIND(stop_parser, xmlStopParser);
    RT_FIND(free_parser, xmlFreeParserCtxt);
#undef RT_FIND
    __typeof__(xmlInitParser) *init = (__typeof__(xmlInitParser) *)dlsym(handle, "xmlInitParser");
    if (missing != NULL || init == NULL) {
        snprintf(error, capacity, "%s has no %s", soname, missing != NULL ? missing : "xmlInitParser");
        free(library);
        return NULL;
    }
    init();
    return library;
}

// Read in the chunks FoundationXML's stream parser used (its first 4 bytes alone, to tell the encoding), so
// that what is read of a file past a libxml2 error, in recovery, is what it was.
enum { FIRST_BYTES = 4, CHUNK_BYTES = 128 * 1024 };
static const size_t NO_TEXT = SIZE_MAX;

// A queued event: this header, then its name or text, then (START) each attribute's header, name and value.
// Read and written with memcpy: records are packed, not aligned.
typedef struct {
    rt_xml_kind kind;
    size_t length;
    size_t attribute_count;
} record_header;

typedef struct {
    size_t name_length;
    size_t value_length;
} attribute_header;

struct rt_xml_reader {
    const rt_xml_library *library;
    xmlParserCtxtPtr parser;
    const char *bytes;
    size_t length, fed;
    int finished, failed, out_of_memory;
    // The events of the chunk being read, taken from `taken` on.
    char *queue;
    size_t queued, taken, capacity;
    size_t last_text;  // where the last record starts when it is TEXT (the next piece joins it), else NO_TEXT
    rt_xml_attribute *attributes;
    size_t attributes_capacity;
    xmlErrorLevel error_level;
    int error_line, error_column;
    char error[256];
};

static int reserve(rt_xml_reader *reader, size_t more) {
    if (reader->out_of_memory) return 0;
    if (more <= reader->capacity - reader->queued) return 1;
    size_t capacity = reader->capacity > 0 ? reader->capacity : 64 * 1024;
    while (capacity - reader->queued < more) {
        if (capacity > SIZE_MAX / 2) capacity = SIZE_MAX; else capacity *= 2;
    }
    char *grown = realloc(reader->queue, capacity);
    if (grown == NULL) {
        reader->out_of_memory = 1;
        reader->library->stop_parser(reader->parser);
        return 0;
    }
    reader->queue = grown;
    reader->capacity = capacity;
    return 1;
}

static void append(rt_xml_reader *reader, const void *bytes, size_t count) {
    if (count > 0) memcpy(reader->queue + reader->queued, bytes, count);
    reader->queued += count;
}

static size_t length_of(const xmlChar *text) { return text != NULL ? strlen((const char *)text) : 0; }

// "prefix:local", or "local".
static size_t qualified_length(const xmlChar *prefix, const xmlChar *local) {
    return (prefix != NULL ? length_of(prefix) + 1 : 0) + length_of(local);
}

static void append_qualified(rt_xml_reader *reader, const xmlChar *prefix, const xmlChar *local) {
    if (prefix != NULL) {
        append(reader, prefix, length_of(prefix));
        append(reader, ":", 1);
    }
    append(reader, local, length_of(local));
}

// Without XML_PARSE_NOENT libxml2 leaves each `&` of an attribute value (from `&amp;` or `&#38;`) as "&#38;",
// for a tree builder to parse again; nothing else in a value can read "&#38;". Put back here, so that entity
// substitution stays off.
static const char ESCAPED_AMPERSAND[] = "&#38;";

static size_t unescaped_length(const xmlChar *value, size_t length) {
    size_t escapes = 0;
    const char *at = (const char *)value, *end = at + length;
    while ((at = memchr(at, '&', (size_t)(end - at))) != NULL) {
        if ((size_t)(end - at) >= 5 && memcmp(at, ESCAPED_AMPERSAND, 5) == 0) escapes++;
        at++;
    }
    return length - 4 * escapes;
}

static void append_unescaped(rt_xml_reader *reader, const xmlChar *value, size_t length) {
    const char *at = (const char *)value, *end = at + length;
    while (at < end) {
        const char *ampersand = memchr(at, '&', (size_t)(end - at));
        if (ampersand == NULL) ampersand = end;
        append(reader, at, (size_t)(ampersand - at));
        if (ampersand == end) break;
        append(reader, "&", 1);
        at = ampersand + ((size_t)(end - ampersand) >= 5 && memcmp(ampersand, ESCAPED_AMPERSAND, 5) == 0 ? 5 : 1);
    }
}

static void append_attribute(rt_xml_reader *reader, const xmlChar *prefix, const xmlChar *local,
                             const xmlChar *value, size_t value_length) {
    attribute_header header = {qualified_length(prefix, local), unescaped_length(value, value_length)};
    if (!reserve(reader, sizeof header + header.name_length + header.value_length)) return;
    append(reader, &header, sizeof header);
    append_qualified(reader, prefix, local);
    append_unescaped(reader, value, value_length);
}

static void on_start(void *context, const xmlChar *local, const xmlChar *prefix, const xmlChar *uri,
                     int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted,
                     const xmlChar **attributes) {
    (void)uri, (void)defaulted;
    rt_xml_reader *reader = context;
    record_header header = {RT_XML_START, qualified_length(prefix, local), 0};
    if (!reserve(reader, sizeof header + header.length)) return;
    size_t start = reader->queued;
    append(reader, &header, sizeof header);
    append_qualified(reader, prefix, local);
    for (int i = 0; i < namespace_count; i++) {
        const xmlChar *declared = namespaces[2 * i], *value = namespaces[2 * i + 1];
        append_attribute(reader, declared != NULL ? (const xmlChar *)"xmlns" : NULL,
                         declared != NULL ? declared : (const xmlChar *)"xmlns", value, length_of(value));
        header.attribute_count++;
    }
    // Each attribute: local name, prefix, URI, value, end of the value (not NUL-terminated).
    for (int i = 0; i < attribute_count; i++) {
        const xmlChar **attribute = attributes + 5 * i;
        if (attribute[0] == NULL || attribute[3] == NULL || attribute[4] == NULL) continue;
        const xmlChar *attribute_prefix = attribute[1] != NULL && attribute[1][0] != 0 ? attribute[1] : NULL;
        append_attribute(reader, attribute_prefix, attribute[0], attribute[3], (size_t)(attribute[4] - attribute[3]));
        header.attribute_count++;
    }
    if (reader->out_of_memory) return;
    memcpy(reader->queue + start, &header, sizeof header);
    reader->last_text = NO_TEXT;
}

static void on_end(void *context, const xmlChar *local, const xmlChar *prefix, const xmlChar *uri) {
    (void)uri;
    rt_xml_reader *reader = context;
    record_header header = {RT_XML_END, qualified_length(prefix, local), 0};
    if (!reserve(reader, sizeof header + header.length)) return;
    append(reader, &header, sizeof header);
    append_qualified(reader, prefix, local);
    reader->last_text = NO_TEXT;
}

static void on_text(void *context, const xmlChar *text, int length) {
    rt_xml_reader *reader = context;
    if (length <= 0 || !reserve(reader, sizeof(record_header) + (size_t)length)) return;
    if (reader->last_text == NO_TEXT) {
        record_header header = {RT_XML_TEXT, 0, 0};
        reader->last_text = reader->queued;
        append(reader, &header, sizeof header);
    }
    record_header header;
    memcpy(&header, reader->queue + reader->last_text, sizeof header);
    header.length += (size_t)length;
    memcpy(reader->queue + reader->last_text, &header, sizeof header);
    append(reader, text, (size_t)length);
}

// FoundationXML's readers dropped what libxml2 calls ignorable whitespace; so does this one.
static void on_ignorable_whitespace(void *context, const xmlChar *text, int length) {
    (void)context, (void)text, (void)length;
}

// Every message comes here (never to stderr, under the app's screen); the first error is kept, or the first
// fatal one after lesser ones.
static void on_error(void *context, xmlErrorPtr error) {
    rt_xml_reader *reader = context;
    if (error == NULL || error->level < XML_ERR_ERROR || error->level <= reader->error_level) return;
    reader->error_level = error->level;
    reader->error_line = error->line;
    reader->error_column = error->int2;
    snprintf(reader->error, sizeof reader->error, "%s", error->message != NULL ? error->message : "unknown error");
    size_t end = strlen(reader->error);
    while (end > 0 && (reader->error[end - 1] == '\n' || reader->error[end - 1] == ' ')) reader->error[--end] = 0;
}

rt_xml_reader *rt_xml_reader_new(const rt_xml_library *library, const void *bytes, size_t length) {
    rt_xml_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->library = library;
    reader->bytes = bytes;
    reader->length = length;
    reader->last_text = NO_TEXT;
    reader->error_level = XML_ERR_NONE;
    if (length < FIRST_BYTES) {
        reader->finished = 1;  // as FoundationXML: too short to tell the encoding, nothing is parsed
        return reader;
    }
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = on_start;
    handler.endElementNs = on_end;
    handler.characters = on_text;
    handler.cdataBlock = on_text;
    handler.ignorableWhitespace = on_ignorable_whitespace;
    handler.serror = on_error;
    reader->parser = library->create_push_parser(&handler, reader, bytes, FIRST_BYTES, NULL);
    if (reader->parser == NULL) {
        free(reader);
        return NULL;
    }
    // XML_PARSE_RECOVER: libxml2 goes on to the end of the chunk after an error, as FoundationXML had it (a
    // start tag cut in its attributes is still reported). No XML_PARSE_NOENT, XML_PARSE_DTDLOAD nor
    // XML_PARSE_HUGE; XML_PARSE_NONET in case anything would reach for the network.
    library->use_options(reader->parser, XML_PARSE_RECOVER | XML_PARSE_NONET);
    reader->fed = FIRST_BYTES;
    return reader;
}

// Parses the next chunk (the rest of the first, then 128 KiB at a time, then the end): its events are queued.
static void feed(rt_xml_reader *reader) {
    reader->queued = reader->taken = 0;
    reader->last_text = NO_TEXT;
    int result;
    if (reader->fed < reader->length) {
        size_t end = (reader->fed / CHUNK_BYTES + 1) * CHUNK_BYTES;
        if (end > reader->length) end = reader->length;
        result = reader->library->parse_chunk(reader->parser, reader->bytes + reader->fed, (int)(end - reader->fed), 0);
        reader->fed = end;
    } else {
        result = reader->library->parse_chunk(reader->parser, NULL, 0, 1);
        reader->finished = 1;
        // A document whose root element is still open at the end: FoundationXML let it through, for its reader
        // to say the file ends before its root element does (truncated?), in words the user can act on.
        if (result == XML_ERR_DOCUMENT_END) result = 0;
    }
    if (reader->out_of_memory) {
        reader->failed = 1;
        snprintf(reader->error, sizeof reader->error, "out of memory");
    } else if (result != 0) {
        reader->failed = 1;
        if (reader->error[0] == 0) snprintf(reader->error, sizeof reader->error, "libxml2 error %d", result);
    }
}

rt_xml_status rt_xml_reader_next(rt_xml_reader *reader, rt_xml_event *event) {
    while (reader->taken >= reader->queued) {
        if (reader->failed) return RT_XML_FAILED;
        if (reader->finished) return RT_XML_DONE;
        feed(reader);
    }
    record_header header;
    memcpy(&header, reader->queue + reader->taken, sizeof header);
    const char *payload = reader->queue + reader->taken + sizeof header;
    memset(event, 0, sizeof *event);
    event->kind = header.kind;
    if (header.kind == RT_XML_TEXT) {
        event->text = payload;
        event->text_length = header.length;
    } else {
        event->name = payload;
        event->name_length = header.length;
    }
    const char *next = payload + header.length;
    if (header.attribute_count > reader->attributes_capacity) {
        rt_xml_attribute *grown = realloc(reader->attributes, header.attribute_count * sizeof *grown);
        if (grown == NULL) {
            reader->out_of_memory = reader->failed = 1;
            snprintf(reader->error, sizeof reader->error, "out of memory");
            reader->taken = reader->queued;
            return RT_XML_FAILED;
        }
        reader->attributes = grown;
        reader->attributes_capacity = header.attribute_count;
    }
    for (size_t i = 0; i < header.attribute_count; i++) {
        attribute_header attribute;
        memcpy(&attribute, next, sizeof attribute);
        next += sizeof attribute;
        reader->attributes[i] = (rt_xml_attribute){next, attribute.name_length, next + attribute.name_length,
                                                   attribute.value_length};
        next += attribute.name_length + attribute.value_length;
    }
    event->attributes = reader->attributes;
    event->attribute_count = header.attribute_count;
    reader->taken = (size_t)(next - reader->queue);
    return RT_XML_EVENT;
}

const char *rt_xml_reader_error(const rt_xml_reader *reader, int *line, int *column) {
    *line = reader->error_line;
    *column = reader->error_column;
    return reader->error;
}

void rt_xml_reader_free(rt_xml_reader *reader) {
    if (reader == NULL) return;
    if (reader->parser != NULL) reader->library->free_parser(reader->parser);
    free(reader->queue);
    free(reader->attributes);
    free(reader);
}
