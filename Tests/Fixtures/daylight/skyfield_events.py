"""Reference sunrise, sunset and civil dusk from skyfield and the JPL DE421 ephemeris (skyfield-data).

Reads lines "latitude longitude window_start window_end" (Unix seconds) from the file named by
its argument and writes for each line "rise set dusk noon": rise is the sun's rising before the window's
middle, set and dusk its setting after it (centre 0.8333 and 6 degrees below the horizon), each in Unix
seconds or "-" when it does not happen; noon is "up" or "down", where the sun is at the middle. Used by SolarEventsReferenceTests.
"""
import sys
import warnings

# skyfield-data warns that its Earth-orientation table is past its date: only UT1 - UTC (under a second)
# comes from it, so the pinned copy is as good as a fresh one at a minute's precision.
warnings.filterwarnings("ignore", category=RuntimeWarning)

from skyfield import almanac  # noqa: E402
from skyfield.api import Loader, wgs84  # noqa: E402
from skyfield_data import get_skyfield_data_path  # noqa: E402

load = Loader(get_skyfield_data_path())
ts = load.timescale(builtin=True)
eph = load("de421.bsp")
sun, earth = eph["sun"], eph["earth"]


def first(found):
    for t, real in zip(*found):
        if real:
            return "%.1f" % ((t.ut1 - 2440587.5) * 86400)
    return "-"


for line in open(sys.argv[1]):
    lat, lon, start, end = (float(x) for x in line.split())
    place = wgs84.latlon(lat, lon)
    observer = earth + place
    t0, middle, t1 = (ts.ut1_jd(s / 86400 + 2440587.5) for s in (start, (start + end) / 2, end))
    rise = first(almanac.find_risings(observer, sun, t0, middle))
    set_ = first(almanac.find_settings(observer, sun, middle, t1))
    dusk = first(almanac.find_settings(observer, sun, middle, t1, horizon_degrees=-6.0))
    altitude = observer.at(middle).observe(sun).apparent().altaz()[0].degrees
    print(rise, set_, dusk, "up" if altitude > -0.8333 else "down")
