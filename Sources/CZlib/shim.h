// zlib, for the compressed place gazetteer (Resources/places/gazetteer.bin).
#include <zlib.h>
