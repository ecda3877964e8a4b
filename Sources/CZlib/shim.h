// zlib, for the compressed place gazetteer (Resources/places/gazetteer.bin) and a KMZ's deflated KML.
#include <zlib.h>
